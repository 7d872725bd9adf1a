// The seeded router mesh the parse-benchmark generators share (gen_ios_configs,
// gen_junos_configs): a ring plus random chords, every router with 2..6 point-to-point /30
// links numbered from 10.1.0.0, so topology inference has real work to do.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace routefix::bench {

struct LinkEnd {
  int peer;
  std::string address;  // our side
  std::string peer_address;
};

inline std::string ip(uint32_t v) {
  return std::to_string(v >> 24) + "." + std::to_string((v >> 16) & 255) + "." +
         std::to_string((v >> 8) & 255) + "." + std::to_string(v & 255);
}

// Router r's loopback, 10.255.0.(r+1).
inline std::string loopback(int r) { return ip((10u << 24) | (255u << 16) | static_cast<uint32_t>(r + 1)); }

// Links of each of the n routers. Draws from `rng` (the generators go on drawing from it).
inline std::vector<std::vector<LinkEnd>> ringWithChords(int n, std::mt19937& rng) {
  std::vector<std::vector<LinkEnd>> links(n);
  uint32_t next = (10u << 24) | (1u << 16);  // /30s from 10.1.0.0
  auto connect = [&](int a, int b) {
    links[a].push_back({b, ip(next + 1), ip(next + 2)});
    links[b].push_back({a, ip(next + 2), ip(next + 1)});
    next += 4;
  };
  for (int i = 0; i < n; ++i) connect(i, (i + 1) % n);
  std::uniform_int_distribution<int> any(0, n - 1);
  for (int i = 0; i < n; ++i)
    for (int extra = 0; extra < 2; ++extra) {
      int j = any(rng);
      if (j != i && links[i].size() < 6 && links[j].size() < 6) connect(i, j);
    }
  return links;
}

}  // namespace routefix::bench
