// Robustness: thousands of randomly mutated configs through the parser. Whatever the bytes,
// parsing must return (no crash, no exception, no hang) and point its warnings at real lines.
// ROUTEFIX_FUZZ_ITERATIONS raises the count (default keeps the sanitizer build under a minute);
// ROUTEFIX_FUZZ_SEED replays another sequence. Each case's seed is printed when it fails.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "model/input_error.h"
#include "parser/parser.h"
#include "parser/temp_snapshot.h"

using namespace routefix;

namespace {

const char* kIosSeed = R"(!
version 15.2
hostname edge1
!
interface Loopback0
 ip address 10.255.0.1 255.255.255.255
!
interface GigabitEthernet0/1
 description transit
 ip address 203.0.113.1 255.255.255.252
 ip access-group EDGE-IN in
 ip ospf cost 10
!
router ospf 1
 router-id 10.255.0.1
 passive-interface default
 no passive-interface GigabitEthernet0/2
 network 10.0.0.0 0.0.255.255 area 0
 redistribute static subnets route-map STATIC-TO-OSPF
!
router bgp 64500
 bgp router-id 10.255.0.1
 neighbor 203.0.113.2 remote-as 3356
 neighbor 203.0.113.2 route-map TRANSIT-IN in
 neighbor 203.0.113.2 prefix-list OUR-PREFIXES out
 neighbor 10.255.0.2 remote-as 64500
 neighbor 10.255.0.2 update-source Loopback0
 address-family ipv4
  network 198.51.100.0 mask 255.255.255.0
  neighbor 10.255.0.2 activate
  neighbor 10.255.0.2 next-hop-self
 exit-address-family
!
ip route 198.51.100.0 255.255.255.0 Null0 250
ip prefix-list OUR-PREFIXES seq 5 permit 198.51.100.0/24
ip prefix-list BOGONS seq 10 deny 10.0.0.0/8 le 32
ip community-list standard BLACKHOLE permit 64500:666
ip as-path access-list 10 permit ^3356_
access-list 100 permit tcp any host 10.0.0.1 eq 179
!
route-map TRANSIT-IN deny 5
 match ip address prefix-list BOGONS
route-map TRANSIT-IN permit 10
 match as-path 10
 set local-preference 120
 set community 64500:100 additive
!
route-map STATIC-TO-OSPF permit 10
!
end
)";

const char* kFrrSeed = R"(frr version 8.4
frr defaults traditional
hostname leaf1
service integrated-vtysh-config
!
interface eth0
 ip address 10.1.0.1/31
 ip ospf area 0
exit
!
ip route 10.20.0.0/16 blackhole
!
router bgp 65101
 bgp router-id 10.0.0.11
 no bgp ebgp-requires-policy
 neighbor SPINES peer-group
 neighbor SPINES remote-as external
 neighbor 10.1.0.0 peer-group SPINES
 !
 address-family ipv4 unicast
  redistribute connected route-map LOOPBACKS
  neighbor SPINES route-map FROM-SPINE in
 exit-address-family
exit
!
ip prefix-list LO seq 5 permit 10.0.0.0/24 ge 32
!
route-map LOOPBACKS permit 10
 match ip address prefix-list LO
exit
!
route-map FROM-SPINE permit 10
 set weight 100
exit
!
)";

std::vector<std::string> seedConfigs() {
  std::vector<std::string> seeds = {kIosSeed, kFrrSeed};
  // The e2e corpus gives larger and more varied seeds.
  std::filesystem::path corpus = std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "tests/data/northwind/configs";
  std::error_code ec;
  std::vector<std::filesystem::path> files;  // sorted, so a seed number always means one case
  for (auto it = std::filesystem::recursive_directory_iterator(corpus, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file()) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    seeds.push_back(ss.str());
  }
  return seeds;
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream ss(text);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line);
  return lines;
}

std::string joinLines(const std::vector<std::string>& lines, const std::string& eol) {
  std::string out;
  for (const auto& l : lines) out += l + eol;
  return out;
}

class Mutator {
 public:
  explicit Mutator(uint64_t seed) : rng_(seed) {}

  std::string mutate(const std::string& seed) {
    auto lines = splitLines(seed);
    int rounds = 1 + pick(6);
    for (int r = 0; r < rounds; ++r) mutateOnce(lines);
    return joinLines(lines, pick(8) == 0 ? "\r\n" : "\n");
  }

 private:
  size_t pick(size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  char anyByte() { return static_cast<char>(pick(256)); }

  void mutateOnce(std::vector<std::string>& lines) {
    if (lines.empty()) lines.push_back("");
    size_t i = pick(lines.size());
    std::string& line = lines[i];
    switch (pick(12)) {
      case 0:  // truncated line
        line.resize(pick(line.size() + 1));
        break;
      case 1:  // random bytes somewhere in the line
        for (size_t k = 0, n = 1 + pick(8); k < n; ++k) line.insert(pick(line.size() + 1), 1, anyByte());
        break;
      case 2:  // a huge token
        line += " " + std::string(1000 + pick(100000), "A9:./-"[pick(6)]);
        break;
      case 3:  // a huge number where a small one is expected
        line += " 99999999999999999999999999";
        break;
      case 4:  // deep nesting: long runs of block openers, indentation and braces
        for (size_t k = 0, n = 100 + pick(900); k < n; ++k)
          lines.insert(lines.begin() + static_cast<long>(i),
                       std::string(k % 64, ' ') + (k % 3 == 0 ? "route-map X permit 10 {" :
                                                   k % 3 == 1 ? " address-family ipv4 unicast" : "interface Loopback1 {"));
        break;
      case 5:  // deleted lines
        lines.erase(lines.begin() + static_cast<long>(i),
                    lines.begin() + static_cast<long>(std::min(lines.size(), i + 1 + pick(5))));
        break;
      case 6:  // duplicated lines
        lines.insert(lines.begin() + static_cast<long>(pick(lines.size())), line);
        break;
      case 7:  // NUL bytes
        line.insert(pick(line.size() + 1), std::string(1 + pick(3), '\0'));
        break;
      case 8:  // a word dropped
        if (auto sp = line.find(' ', pick(line.size() + 1)); sp != std::string::npos)
          line.erase(sp, line.find(' ', sp + 1) - sp);
        break;
      case 9:  // lines swapped (a statement leaves its block)
        std::swap(line, lines[pick(lines.size())]);
        break;
      case 10:  // the whole file cut short
        lines.resize(pick(lines.size() + 1));
        break;
      default:  // a number replaced by a boundary value
        for (char& c : line)
          if (std::isdigit(static_cast<unsigned char>(c)) && pick(3) == 0) c = "09"[pick(2)];
        line += pick(2) ? " 4294967296" : " -1";
        break;
    }
  }

  std::mt19937_64 rng_;
};

uint64_t envNumber(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

int lineCount(const std::string& text) {
  return 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("mutated configs never crash the parser and warn at lines that exist") {
  const auto seeds = seedConfigs();
  const uint64_t iterations = envNumber("ROUTEFIX_FUZZ_ITERATIONS", 1500);
  const uint64_t base = envNumber("ROUTEFIX_FUZZ_SEED", 20260);
  size_t warned = 0;
  for (uint64_t n = 0; n < iterations; ++n) {
    Mutator m(base + n);
    const std::string& seed = seeds[n % seeds.size()];
    parser::ConfigFile file{"configs/fuzz.cfg", m.mutate(seed)};
    INFO("ROUTEFIX_FUZZ_SEED=" << base + n << " ROUTEFIX_FUZZ_ITERATIONS=1, seed config #" << n % seeds.size());
    parser::DeviceParse parsed;
    REQUIRE_NOTHROW(parsed = parser::parseDevice({file}));
    int lines = lineCount(file.text);
    for (const auto& w : parsed.warnings) {
      REQUIRE(w.file == file.path);
      REQUIRE(w.line >= 0);
      REQUIRE(w.line <= lines);
      REQUIRE(!w.message.empty());
    }
    if (!parsed.warnings.empty()) ++warned;
  }
  // Mutations that keep a file valid exist, but most must be noticed.
  CHECK(warned * 2 > iterations);
}

TEST_CASE("mutated multi-device snapshots load or fail with an input error, nothing else") {
  const auto seeds = seedConfigs();
  const uint64_t iterations = envNumber("ROUTEFIX_FUZZ_ITERATIONS", 1500) / 40 + 1;
  const uint64_t base = envNumber("ROUTEFIX_FUZZ_SEED", 20260) + 1000000;
  for (uint64_t n = 0; n < iterations; ++n) {
    Mutator m(base + n);
    parser::TempSnapshot s;
    for (size_t d = 0; d < 4; ++d)
      s.write("configs/dev" + std::to_string(d) + ".cfg", m.mutate(seeds[(n + d) % seeds.size()]));
    s.write("configs/split/zebra.conf", m.mutate(kFrrSeed));
    INFO("snapshot ROUTEFIX_FUZZ_SEED=" << base + n);
    try {
      model::Network net = parser::loadSnapshot(s.root());
      CHECK(!net.devices.empty());
      CHECK(std::is_sorted(net.links.begin(), net.links.end()));
    } catch (const model::InputError& e) {
      // Only a hostname clash can make mutated configs unusable as a whole.
      CHECK(std::string(e.what()).find("duplicate device name") != std::string::npos);
    }
  }
}
