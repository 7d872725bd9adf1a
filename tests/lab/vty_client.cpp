#include "tests/lab/vty_client.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace routefix::lab {

namespace {

class SocketFd {
 public:
  explicit SocketFd(int fd) : fd_(fd) {}
  ~SocketFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  SocketFd(const SocketFd&) = delete;
  SocketFd& operator=(const SocketFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

VtyReply runVtyCommand(const std::filesystem::path& socket, const std::string& command) {
  auto fail = [&](const std::string& what) {
    return std::runtime_error(socket.string() + ": " + what + ": " + std::strerror(errno));
  };
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socket.string().size() >= sizeof addr.sun_path)
    throw std::runtime_error(socket.string() + ": socket path too long");
  std::strcpy(addr.sun_path, socket.c_str());
  SocketFd fd(::socket(AF_UNIX, SOCK_STREAM, 0));
  if (fd.get() < 0) throw fail("socket");
  if (::connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) throw fail("connect");

  std::string request = command;
  request.push_back('\0');
  for (size_t sent = 0; sent < request.size();) {
    ssize_t n = ::write(fd.get(), request.data() + sent, request.size() - sent);
    if (n <= 0) throw fail("write");
    sent += static_cast<size_t>(n);
  }

  std::string reply;
  char buf[65536];
  while (true) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) throw fail("read");
    if (n == 0) throw std::runtime_error(socket.string() + ": connection closed before the reply ended");
    reply.append(buf, static_cast<size_t>(n));
    size_t len = reply.size();
    if (len >= 4 && reply[len - 4] == '\0' && reply[len - 3] == '\0' && reply[len - 2] == '\0') {
      VtyReply r;
      r.status = static_cast<unsigned char>(reply[len - 1]);
      reply.resize(len - 4);
      r.output = std::move(reply);
      return r;
    }
  }
}

}  // namespace routefix::lab
