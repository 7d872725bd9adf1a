// Talks to one FRR daemon's vty socket the way vtysh does (command + NUL; reply is the output
// followed by three NUL bytes and the return code). Spawning vtysh costs ~130 ms per call,
// which made polling a 20-router lab every second impossible; this costs well under 1 ms.
#pragma once

#include <filesystem>
#include <string>

namespace routefix::lab {

struct VtyReply {
  std::string output;
  int status = 0;  // FRR's CMD_* code: 0 success
};

// Throws std::runtime_error when the socket cannot be reached or the reply is cut short.
VtyReply runVtyCommand(const std::filesystem::path& socket, const std::string& command);

}  // namespace routefix::lab
