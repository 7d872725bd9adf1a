// `repair --out` and the repair's temporary copies never destroy or reach what they must not
// (issue 20, items 1-5 and 10): the snapshot, an existing directory, files behind links.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/e2e/run_routefix.h"
#include "tests/e2e/scratch_dir.h"

namespace fs = std::filesystem;
using routefix::e2e::runRoutefix;
using routefix::e2e::ScratchDir;

extern char** environ;

namespace {

const char* kExample = "examples/campus-prefix-typo";  // repairs in well under a second

size_t entriesIn(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("--out that contains the snapshot is refused, and the snapshot survives") {
  ScratchDir s("out-contains");
  fs::path snap = s.copy(kExample, "home/snap");
  for (const fs::path& out : {s / "home", s.root(), fs::path(s / "home/./")}) {
    CAPTURE(out);
    auto r = runRoutefix({"repair", snap.string(), "--out", out.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--out must not contain the snapshot") != std::string::npos);
    CHECK(fs::exists(snap / "configs/core.conf"));
  }
  auto same = runRoutefix({"repair", snap.string(), "--out", snap.string()});
  CHECK(same.exit_code == 2);
  CHECK(same.err.find("--out must not be the snapshot or inside it") != std::string::npos);
}

TEST_CASE("an existing --out is replaced only with --force, and only when it holds a snapshot") {
  ScratchDir s("out-existing");
  fs::path snap = s.copy(kExample, "snap");
  s.write("keep/precious.txt", "mine\n");
  auto r = runRoutefix({"repair", snap.string(), "--out", (s / "keep").string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("pass --force to replace it") != std::string::npos);
  auto forced = runRoutefix({"repair", snap.string(), "--out", (s / "keep").string(), "--force"});
  CHECK(forced.exit_code == 2);
  CHECK(forced.err.find("replaces only a snapshot") != std::string::npos);
  CHECK(fs::exists(s / "keep/precious.txt"));

  s.write("afile", "data\n");
  auto file = runRoutefix({"repair", snap.string(), "--out", (s / "afile").string(), "--force"});
  CHECK(file.exit_code == 2);
  CHECK(file.err.find("names an existing file") != std::string::npos);
  CHECK(fs::is_regular_file(s / "afile"));

  fs::create_directory(s / "empty");  // an empty directory is no loss: written without --force
  CHECK(runRoutefix({"repair", snap.string(), "--out", (s / "empty").string()}).exit_code == 0);
  CHECK(fs::exists(s / "empty/configs/core.conf"));
  CHECK(runRoutefix({"repair", snap.string(), "--out", (s / "empty").string()}).exit_code == 2);
  CHECK(runRoutefix({"repair", snap.string(), "--out", (s / "empty").string(), "--force"}).exit_code == 0);
  CHECK(entriesIn(s.root()) == 4);  // snap, keep, afile, empty: no staging copy left beside
}

TEST_CASE("links in a snapshot are copied as links, never followed") {
  ScratchDir s("out-links");
  fs::path snap = s.copy(kExample, "snap");
  fs::create_directory_symlink(".", snap / "loop");
  fs::create_directory_symlink("/", snap / "root");
  fs::create_directory_symlink("/usr/share", snap / "docs");
  fs::create_symlink("configs/core.conf", snap / "core-link");
  auto r = runRoutefix({"repair", snap.string(), "--out", (s / "out").string()});
  CAPTURE(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(fs::read_symlink(s / "out/loop") == ".");
  CHECK(fs::read_symlink(s / "out/root") == "/");
  CHECK(fs::read_symlink(s / "out/docs") == "/usr/share");
  // A link inside the snapshot points at the same place in the copy.
  CHECK(fs::read_symlink(s / "out/core-link") == "configs/core.conf");
  CHECK(entriesIn(s / "out") == 7);
}

TEST_CASE("--out through a link into the snapshot is refused; so is --out that is a link") {
  ScratchDir s("out-through-link");
  fs::path snap = s.copy(kExample, "snap");
  fs::create_directory_symlink(snap, s / "alias");
  auto r = runRoutefix({"repair", snap.string(), "--out", (s / "alias/patched").string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("must not be the snapshot or inside it") != std::string::npos);
  CHECK(entriesIn(snap) == 3);  // README.md, configs, intents.yaml: nothing staged inside
  fs::create_directory(s / "target");
  fs::create_directory_symlink(s / "target", s / "outlink");
  auto l = runRoutefix({"repair", snap.string(), "--out", (s / "outlink").string()});
  CHECK(l.exit_code == 2);
  CHECK(l.err.find("--out is a symbolic link") != std::string::npos);
}

TEST_CASE("--out that cannot be created, and a bad TMPDIR, are input errors (exit 2)") {
  ScratchDir s("out-unwritable");
  fs::path snap = s.copy(kExample, "snap");
  s.write("afile", "data\n");
  auto r = runRoutefix({"repair", snap.string(), "--out", (s / "afile/sub").string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("Not a directory") != std::string::npos);
  auto t = runRoutefix({"repair", snap.string()}, "TMPDIR=" + (s / "nonexistent").string());
  CHECK(t.exit_code == 2);
  CHECK(t.err.find("no usable temporary directory") != std::string::npos);
}

TEST_CASE("a repair killed by SIGTERM or SIGINT leaves no temporary copy behind") {
  ScratchDir s("out-killed");
  fs::path snap = s.copy(kExample, "snap");
  // Many files make every copy of the snapshot slow enough to be caught in the act.
  for (int i = 0; i < 20000; ++i) s.write("snap/archive/f" + std::to_string(i), "x\n");
  fs::create_directory(s / "tmp");
  for (int sig : {SIGTERM, SIGINT}) {
    CAPTURE(sig);
    std::string tmpdir = "TMPDIR=" + (s / "tmp").string();
    std::string bin = ROUTEFIX_BIN, out = (s / "out").string(), snapArg = snap.string();
    std::vector<char*> argv = {bin.data(), const_cast<char*>("repair"), snapArg.data(),
                               const_cast<char*>("--out"), out.data(), nullptr};
    std::vector<char*> env = {tmpdir.data(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    REQUIRE(posix_spawn(&pid, bin.c_str(), &actions, nullptr, argv.data(), env.data()) == 0);
    posix_spawn_file_actions_destroy(&actions);
    // Wait until a copy is being written (in TMPDIR, or beside --out), then kill.
    bool caught = false;
    for (int i = 0; i < 20000 && !caught; ++i) {
      caught = entriesIn(s / "tmp") > 0 || entriesIn(s.root()) > 3;
      if (!caught) std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    CHECK(caught);
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(entriesIn(s / "tmp") == 0);
    CHECK(entriesIn(s.root()) == 2);  // snap and tmp: no half-written .out.PID.N
  }
}
