// Hostile or careless input files are refused with exit 2 and a message naming the file,
// never read through links that leave the snapshot, never read without bound, and a check
// of nothing does not pass (issue 20, items 6, 7, 10, 14 and 15).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

namespace fs = std::filesystem;
using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

namespace {

const char* kExample = "examples/campus-prefix-typo";

bool mentions(const routefix::e2e::RunResult& r, const std::string& text) {
  return r.err.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("a report that cannot be written (a full disk) fails the run") {
  auto r = runRoutefix({"parse", kExample}, "", "/dev/full");
  CHECK(r.exit_code == 2);
  CHECK(mentions(r, "cannot write the output: No space left on device"));
  auto v = runRoutefix({"verify", kExample, "--format", "json"}, "", "/dev/full");
  CHECK(v.exit_code == 2);
}

TEST_CASE("snapshot files whose links lead outside the snapshot are refused unless allowed") {
  ScratchDir s("outside-links");
  s.write("secret", "root:$6$very-secret-hash:19000:0:99999:7:::\n");
  fs::path snap = s.copy(kExample, "snap");
  fs::create_symlink(s / "secret", snap / "configs/zz.cfg");
  auto r = runRoutefix({"parse", snap.string(), "--format", "json"});
  CHECK(r.exit_code == 2);
  CHECK(mentions(r, "configs/zz.cfg: refused: a symbolic link leads outside the snapshot"));
  CHECK(r.out.find("very-secret") == std::string::npos);
  CHECK(r.err.find("very-secret") == std::string::npos);
  auto allowed = runRoutefix({"parse", snap.string(), "--format", "json", "--allow-outside-links"});
  CHECK(allowed.exit_code == 0);
  CHECK(allowed.out.find("very-secret") != std::string::npos);  // read, as asked
  fs::remove(snap / "configs/zz.cfg");

  for (const char* side : {"topology.json", "external.json", "intents.yaml"}) {
    CAPTURE(side);
    fs::remove(snap / side);
    fs::create_symlink(s / "secret", snap / side);
    auto v = runRoutefix({"verify", snap.string()});
    CHECK(v.exit_code == 2);
    CHECK(mentions(v, "refused: a symbolic link leads outside the snapshot"));
    CHECK(v.out.find("very-secret") == std::string::npos);
    fs::remove(snap / side);
  }
  // A folder of configs that is a link out of the snapshot: refused as a whole.
  fs::create_directory_symlink(s.root(), snap / "configs/elsewhere");
  CHECK(mentions(runRoutefix({"parse", snap.string()}), "configs/elsewhere: refused"));
  fs::remove(snap / "configs/elsewhere");
  // Links that stay inside the snapshot are fine.
  fs::create_symlink("core.conf", snap / "configs/core-again.conf");
  CHECK(mentions(runRoutefix({"parse", snap.string()}), "duplicate device name core"));
}

TEST_CASE("numbers out of range in the JSON side files are input errors with file:line") {
  ScratchDir s("json-range");
  fs::path snap = s.copy(kExample, "snap");
  s.write("snap/topology.json",
          "{\"links\": [\n  {\"a\": \"core\", \"a_interface\": \"eth0\", \"b\": \"dc\",\n"
          "   \"b_interface\": \"eth0\", \"x\": 1e400}]}\n");
  auto r = runRoutefix({"parse", snap.string()});
  CHECK(r.exit_code == 2);
  CHECK(mentions(r, "topology.json:3: number out of range: 1e400"));
  fs::remove(snap / "topology.json");
  s.write("snap/external.json", "{\"announcements\": [{\"med\": -1e999}]}");
  CHECK(mentions(runRoutefix({"parse", snap.string()}), "external.json:1: number out of range"));
  fs::remove(snap / "external.json");
  s.write("snap/batfish/layer1_topology.json", "{\"edges\": [1E+500]}");
  CHECK(runRoutefix({"parse", snap.string()}).exit_code == 2);
}

TEST_CASE("an intents file that is not a file, or holds no intent, fails the check") {
  ScratchDir s("intents-nothing");
  fs::path snap = s.copy(kExample, "snap");
  fs::path intents = snap / "intents.yaml";
  auto verify = [&](std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"verify", snap.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return runRoutefix(args);
  };
  fs::remove(intents);
  ::mkfifo(intents.c_str(), 0600);
  CHECK(mentions(verify(), "intents.yaml: cannot read file: it is a FIFO"));
  fs::remove(intents);
  fs::create_directory(intents);
  CHECK(mentions(verify(), "intents.yaml: cannot read file: it is a directory"));
  fs::remove(intents);
  fs::create_symlink("nowhere.yaml", intents);
  CHECK(mentions(verify(), "intents.yaml: cannot read file: it is a dangling symbolic link"));
  fs::remove(intents);
  CHECK(verify().exit_code == 0);  // no intents file at all: the hygiene checks run, as before
  CHECK(verify({"--intents", "/dev/zero"}).exit_code == 2);
  CHECK(mentions(verify({"--intents", "/dev/zero"}), "/dev/zero: cannot read file: it is a device"));
  CHECK(verify({"--intents", s.root().string()}).exit_code == 2);
  s.write("empty.yaml", "");
  s.write("none.yaml", "intents: []\n");
  for (const char* file : {"empty.yaml", "none.yaml"}) {
    auto r = verify({"--intents", (s / file).string()});
    CHECK(r.exit_code == 2);
    CHECK(mentions(r, "the intents file holds no intent"));
    CHECK(verify({"--intents", (s / file).string(), "--allow-no-intents"}).exit_code == 0);
  }
}

TEST_CASE("anycast input: a directory as graph, a truncated gzip graph") {
  auto dir = runRoutefix({"anycast", "simulate", "--graph", "tests/data", "--origin", "100", "--pops",
                          "tests/data/anycast/pops.yaml"});
  CHECK(dir.exit_code == 2);
  CHECK(mentions(dir, "tests/data: cannot read file: it is a directory"));
  // Cut between two lines: the first 3 lines of small.as-rel.txt, no end of stream.
  auto cut = runRoutefix({"anycast", "simulate", "--graph", "tests/data/anycast/truncated.as-rel.txt.gz",
                          "--origin", "100", "--pops", "tests/data/anycast/pops.yaml"});
  CHECK(cut.exit_code == 2);
  CHECK(mentions(cut, "truncated.as-rel.txt.gz:4: truncated gzip data"));
}

TEST_CASE("--timeout must be a positive, finite number") {
  for (const char* bad : {"nan", "inf", "-1", "0", "5x"}) {
    CAPTURE(bad);
    auto r = runRoutefix({"repair", kExample, "--timeout", bad});
    CHECK(r.exit_code == 2);
  }
}

TEST_CASE("an unknown command is named as such") {
  auto r = runRoutefix({"verfiy", kExample});
  CHECK(r.exit_code == 2);
  CHECK(mentions(r, "unknown command 'verfiy'"));
}

TEST_CASE("binary data in configs/ is skipped with a warning, not parsed as some vendor") {
  ScratchDir s("binary-config");
  std::string garbage;
  for (int i = 0; i < 3000; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
  s.write("only/configs/garbage.bin", garbage);
  auto only = runRoutefix({"parse", (s / "only").string()});
  CHECK(only.exit_code == 2);
  CHECK(mentions(only, "no configuration files"));
  fs::path snap = s.copy(kExample, "snap");
  s.write("snap/configs/garbage.bin", garbage);
  auto r = runRoutefix({"parse", snap.string(), "--format", "json"});
  CHECK(r.exit_code == 0);
  CHECK(r.json()["devices"].size() == 4);
  CHECK(r.out.find("binary data, not a configuration: file skipped") != std::string::npos);
}

TEST_CASE("control characters from configs are escaped on the terminal and in SVG") {
  ScratchDir s("ansi");
  fs::path snap = s.copy(kExample, "snap");
  std::string core;
  {
    std::ifstream in(snap / "configs/core.conf");
    core.assign(std::istreambuf_iterator<char>(in), {});
  }
  core.replace(core.find("hostname core"), 13, "hostname core\x1b[2J\x07");
  s.write("snap/configs/core.conf", core + "\x1b]0;owned\x07 nonsense\n");
  auto text = runRoutefix({"parse", snap.string()});
  CHECK(text.out.find('\x1b') == std::string::npos);
  CHECK(text.out.find("core\\x1b[2J\\x07") != std::string::npos);
  CHECK(text.err.find('\x1b') == std::string::npos);
  auto json = runRoutefix({"parse", snap.string(), "--format", "json"});
  CHECK(json.json()["devices"][0]["name"] == "core\x1b[2J\x07");  // JSON keeps the bytes, escaped
  auto svg = runRoutefix({"draw", snap.string(), "--format", "svg"}, "", (s / "out.svg").string());
  CHECK(svg.exit_code == 0);
  std::ifstream in(s / "out.svg");
  std::string picture(std::istreambuf_iterator<char>(in), {});
  // XML 1.0 allows no control character but tab, newline and carriage return.
  CHECK(std::none_of(picture.begin(), picture.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r'; }));
  CHECK(picture.find("core\\x1b[2J") != std::string::npos);
}

TEST_CASE("warnings always name file and line; a malformed Junos static next hop is reported") {
  ScratchDir s("warnings");
  s.write("snap/configs/r1.cfg", "hostname r1\nip prefix-list X seq 99999999999 permit 10.0.0.0/8\n");
  s.write("snap/configs/j1.conf",
          "system { host-name j1; }\nrouting-options {\n    static {\n"
          "        route 10.9.0.0/16 next-hop 300.1.1.1;\n    }\n}\n");
  auto r = runRoutefix({"parse", (s / "snap").string()});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(":0:") == std::string::npos);
  CHECK(r.out.find("unused prefix-list X") == std::string::npos);  // the entry was rejected
  CHECK(r.out.find("configs/r1.cfg:2: number out of range") != std::string::npos);
  CHECK(r.out.find("configs/j1.conf:4: static route 10.9.0.0/16: next-hop 300.1.1.1 is not an IPv4 address") !=
        std::string::npos);
}
