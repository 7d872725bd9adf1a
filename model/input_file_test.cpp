// readInputFile refuses what is not a bounded regular file; resolveInSnapshot refuses links
// that leave the snapshot (issue 20, items 7, 10 and 14).
#include "model/input_file.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <functional>

#include "model/input_error.h"

namespace fs = std::filesystem;
using routefix::model::InputError;
using routefix::model::readInputFile;
using routefix::model::resolveInSnapshot;

namespace {

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("input-file-test-" + std::to_string(::getpid()));
  Scratch() {
    fs::remove_all(dir);
    fs::create_directories(dir / "snap");
    std::ofstream(dir / "snap" / "a.cfg") << "hostname a\n";
    std::ofstream(dir / "secret") << "root:x\n";
  }
  ~Scratch() { fs::remove_all(dir); }
};

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("readInputFile reads regular files and names what else it met") {
  Scratch s;
  CHECK(readInputFile(s.dir / "snap" / "a.cfg", "a.cfg") == "hostname a\n");
  CHECK(errorOf([&] { readInputFile(s.dir / "snap", "snap"); }) == "snap: cannot read file: it is a directory");
  CHECK(errorOf([&] { readInputFile("/dev/zero", "z"); }) == "z: cannot read file: it is a device");
  ::mkfifo((s.dir / "fifo").c_str(), 0600);
  CHECK(errorOf([&] { readInputFile(s.dir / "fifo", "f"); }) == "f: cannot read file: it is a FIFO");
  fs::create_symlink("nowhere", s.dir / "dangling");
  CHECK(errorOf([&] { readInputFile(s.dir / "dangling", "d"); }) ==
        "d: cannot read file: it is a dangling symbolic link");
  fs::create_symlink("loop", s.dir / "loop");
  CHECK(errorOf([&] { readInputFile(s.dir / "loop", "l"); }) == "l: cannot read file: symbolic link loop");
  CHECK(errorOf([&] { readInputFile(s.dir / "snap" / "a.cfg", "big", 4); }) ==
        "big: file larger than 0 MiB; refusing to read it");
}

TEST_CASE("resolveInSnapshot keeps links inside the snapshot and refuses the others") {
  Scratch s;
  fs::path snap = s.dir / "snap";
  fs::create_symlink("a.cfg", snap / "b.cfg");
  fs::create_symlink(s.dir / "secret", snap / "c.cfg");
  CHECK(resolveInSnapshot(snap, snap / "b.cfg", "b.cfg", {}) == fs::canonical(snap / "a.cfg"));
  CHECK(errorOf([&] { resolveInSnapshot(snap, snap / "c.cfg", "c.cfg", {}); })
            .starts_with("c.cfg: refused: a symbolic link leads outside the snapshot"));
  CHECK(resolveInSnapshot(snap, snap / "c.cfg", "c.cfg", {true}) == fs::canonical(s.dir / "secret"));
  // A snapshot reached through a link is still the snapshot.
  fs::create_symlink(snap, s.dir / "alias");
  CHECK(resolveInSnapshot(s.dir / "alias", s.dir / "alias" / "b.cfg", "b.cfg", {}) ==
        fs::canonical(snap / "a.cfg"));
}

TEST_CASE("isWithin compares whole path components") {
  using routefix::model::isWithin;
  CHECK(isWithin("/a/b", "/a/b"));
  CHECK(isWithin("/a/b", "/a/b/c"));
  CHECK_FALSE(isWithin("/a/b", "/a/bc"));
  CHECK_FALSE(isWithin("/a/b", "/a"));
  CHECK(isWithin("/", "/etc"));
}
