// A fuzz driver that needs no clang: it mutates the committed seed corpus at random (bit
// flips, byte edits, cut and repeated chunks, splices of two seeds, and the tokens each
// reader cares about, repeated to build deep nesting and long lists) and runs one target of
// fuzz_targets.h on every mutant in process, for a bounded time. ctest runs it a few seconds
// per target on every build; libFuzzer (bench/fuzz_bench.sh) goes further with coverage.
//
//   fuzz_driver TARGET CORPUS_DIR [--seconds S] [--seed N] [--max-len BYTES]
//                                 [--input-timeout S] [--findings DIR]
//
// A finding (a crash, an exception other than model::InputError, an input that runs longer
// than --input-timeout) writes the input to DIR/<target>-<kind> and exits non-zero; a clean
// run prints "fuzz TARGET: N executions in S s, 0 crashes, 0 hangs".
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_targets.h"

namespace {

namespace fs = std::filesystem;
using routefix::fuzz::FuzzTarget;

// The input being run and where a finding goes, for the signal handlers (which may only
// use async-signal-safe calls: open, write, _exit).
const std::string* g_current = nullptr;
char g_crashPath[4096];
char g_hangPath[4096];

void writeInput(const char* path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || !g_current) return;
  const char* p = g_current->data();
  size_t left = g_current->size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n <= 0) break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  ::close(fd);
}

void say(const char* text) { (void)!::write(2, text, std::strlen(text)); }

void onCrash(int sig) {
  writeInput(g_crashPath);
  say("fuzz: CRASH (signal ");
  say(strsignal(sig));
  say("); input written to ");
  say(g_crashPath);
  say("\n");
  signal(sig, SIG_DFL);
  raise(sig);
}

void onHang(int) {
  writeInput(g_hangPath);
  say("fuzz: HANG (input ran past --input-timeout); input written to ");
  say(g_hangPath);
  say("\n");
  _exit(3);
}

void installHandlers() {
  // A stack overflow is the crash deep nesting causes: the handler needs its own stack.
  static std::vector<char> altStack(1 << 16);
  stack_t ss{};
  ss.ss_sp = altStack.data();
  ss.ss_size = altStack.size();
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_handler = onCrash;
  sa.sa_flags = SA_ONSTACK;
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL}) sigaction(sig, &sa, nullptr);
  signal(SIGALRM, onHang);
}

// Tokens that matter to the readers: block and statement delimiters, quoting, regex and
// wildcard metacharacters, numbers at the edges of their ranges, and keywords.
const std::vector<std::string> kTokens{
    "{", "}", "{\n", "}\n", ";", "\n", " ", "\t", "\"", "'", "#", "!", "/*", "*/", "[", "]", "(", ")",
    "<", ">", "*", "?", "_", "^", "$", ".*", "|", ":", ",", "-", "/", "\\", "0", "-1", "4294967295",
    "4294967296", "65535", "1e400", "nan", "0x", "255.255.255.255", "0.0.0.0/0", "10.0.0.1/32",
    "\xff", "\xc3\xa9", "\x1b[31m", "set ", "delete ", "deactivate ", "inactive: ", "groups ",
    "apply-groups ", "interface ", "interfaces ", "router bgp ", "neighbor ", "remote-as ",
    "route-map ", "ip prefix-list ", "ip as-path access-list ", "ip community-list expanded ",
    "address-family ipv4 unicast\n", "exit-address-family\n", "policy-options ", "as-path ",
    "protocols ", "bgp ", "ospf ", "area ", "intents:\n", "- type: ", "from: ", "to: ", "failures: ",
    "through: ", "path: ", "{\"links\": [", "{\"edges\": [", "\"a\": ", "\"node1\": ", "null", "true",
    "[]", "{}", "|-1", "|0|", "BZh", "\x1f\x8b"};

class Mutator {
 public:
  Mutator(uint64_t seed, size_t maxLen) : rng_(seed), maxLen_(maxLen) {}

  std::string mutate(const std::vector<std::string>& corpus) {
    std::string s = corpus[pick(corpus.size())];
    int rounds = 1 + static_cast<int>(pick(8));
    for (int r = 0; r < rounds; ++r) step(s, corpus);
    if (s.size() > maxLen_) s.resize(maxLen_);
    return s;
  }

 private:
  size_t pick(size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  void step(std::string& s, const std::vector<std::string>& corpus) {
    size_t at = pick(s.size() + 1);
    switch (pick(9)) {
      case 0:
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << pick(8));
        break;
      case 1:
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(pick(256));
        break;
      case 2:
        s.insert(at, 1, static_cast<char>(pick(256)));
        break;
      case 3:
        if (!s.empty()) s.erase(pick(s.size()), 1 + pick(std::min<size_t>(s.size(), 64)));
        break;
      case 4:
        s.insert(at, kTokens[pick(kTokens.size())]);
        break;
      case 5: {  // a token many times: deep nesting, long lists, long AS paths
        const std::string& t = kTokens[pick(kTokens.size())];
        size_t times = 1 + pick(std::max<size_t>(1, (maxLen_ - std::min(maxLen_, s.size())) / t.size() / 4 + 1));
        std::string run;
        for (size_t k = 0; k < times && run.size() < maxLen_; ++k) run += t;
        s.insert(at, run);
        break;
      }
      case 6: {  // a chunk of the input repeated
        if (s.empty()) break;
        size_t from = pick(s.size());
        std::string chunk = s.substr(from, 1 + pick(std::min<size_t>(s.size() - from, 256)));
        size_t times = 1 + pick(64);
        std::string run;
        for (size_t k = 0; k < times && run.size() < maxLen_; ++k) run += chunk;
        s.insert(at, run);
        break;
      }
      case 7: {  // splice: a piece of another seed
        const std::string& other = corpus[pick(corpus.size())];
        if (other.empty()) break;
        size_t from = pick(other.size());
        s.insert(at, other.substr(from, 1 + pick(other.size() - from)));
        break;
      }
      default:  // truncate
        s.resize(pick(s.size() + 1));
        break;
    }
  }

  std::mt19937_64 rng_;
  size_t maxLen_;
};

std::vector<std::string> readCorpus(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());  // the same order everywhere: runs repeat with a seed
  std::vector<std::string> out;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    out.push_back(text.str());
  }
  return out;
}

int usage() {
  std::cerr << "usage: fuzz_driver TARGET CORPUS_DIR [--seconds S] [--seed N] [--max-len BYTES] "
               "[--input-timeout S] [--findings DIR]\ntargets:";
  for (const auto& t : routefix::fuzz::fuzzTargets()) std::cerr << " " << t.name;
  std::cerr << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const FuzzTarget* target = routefix::fuzz::findFuzzTarget(argv[1]);
  if (!target) return usage();
  fs::path corpusDir = argv[2];
  double seconds = 10;
  uint64_t seed = 1;
  size_t maxLen = 16384;
  unsigned inputTimeout = 10;
  fs::path findings = fs::current_path();
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--seconds") seconds = std::stod(argv[i + 1]);
    else if (flag == "--seed") seed = std::stoull(argv[i + 1]);
    else if (flag == "--max-len") maxLen = std::stoull(argv[i + 1]);
    else if (flag == "--input-timeout") inputTimeout = static_cast<unsigned>(std::stoul(argv[i + 1]));
    else if (flag == "--findings") findings = argv[i + 1];
    else return usage();
  }
  std::vector<std::string> corpus = readCorpus(corpusDir);
  if (corpus.empty()) corpus.emplace_back();
  fs::create_directories(findings);
  std::snprintf(g_crashPath, sizeof g_crashPath, "%s/%s-crash", findings.c_str(), target->name);
  std::snprintf(g_hangPath, sizeof g_hangPath, "%s/%s-hang", findings.c_str(), target->name);
  installHandlers();

  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  Mutator mutator(seed, maxLen);
  uint64_t executions = 0;
  std::string input;
  g_current = &input;
  auto runOne = [&]() -> bool {
    alarm(inputTimeout);
    try {
      target->run(input);
    } catch (const std::exception& e) {
      alarm(0);
      std::snprintf(g_crashPath, sizeof g_crashPath, "%s/%s-exception", findings.c_str(), target->name);
      writeInput(g_crashPath);
      std::cerr << "fuzz: EXCEPTION " << e.what() << "; input written to " << g_crashPath << "\n";
      return false;
    }
    alarm(0);
    ++executions;
    return true;
  };
  for (const auto& seedInput : corpus) {  // every seed as it is first
    input = seedInput;
    if (!runOne()) return 1;
  }
  while (elapsed() < seconds) {
    input = mutator.mutate(corpus);
    if (!runOne()) return 1;
  }
  std::cout << "fuzz " << target->name << ": " << executions << " executions in " << elapsed()
            << " s, 0 crashes, 0 hangs\n";
  return 0;
}
