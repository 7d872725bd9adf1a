#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "model/input_error.h"
#include "repair/config_edit.h"
#include "repair/patched_snapshot.h"

namespace fs = std::filesystem;
using namespace routefix::repair;

namespace {

struct Snapshot {
  TemporaryDirectory dir{fs::temp_directory_path(), "config-edit-test"};
  Snapshot() {
    fs::create_directories(dir.path() / "configs");
    std::ofstream out(dir.path() / "configs/r1.cfg");
    for (int i = 1; i <= 12; ++i) out << "line " << i << "\n";
  }
};

}  // namespace

TEST_CASE("edits produce the patched text and a unified diff with correct hunk headers") {
  Snapshot s;
  ConfigEdits e(s.dir.path());
  e.replace("configs/r1.cfg", 2, "line two");
  e.insertAfter("configs/r1.cfg", 11, "new a");
  e.insertAfter("configs/r1.cfg", 11, "new b");
  e.remove("configs/r1.cfg", 12);
  CHECK(e.changedLines() == 4);
  std::string text = e.patchedText("configs/r1.cfg");
  CHECK(text.find("line 1\nline two\nline 3\n") == 0);
  CHECK(text.find("line 11\nnew a\nnew b\n") != std::string::npos);
  CHECK(text.find("line 12") == std::string::npos);
  std::string diff = e.unifiedDiff("configs/r1.cfg");
  CHECK(diff ==
        "--- a/configs/r1.cfg\n+++ b/configs/r1.cfg\n"
        "@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n line 5\n"
        "@@ -9,4 +9,5 @@\n line 9\n line 10\n line 11\n+new a\n+new b\n-line 12\n");
}

TEST_CASE("close edits share one hunk; words are replaced keeping indentation") {
  Snapshot s;
  ConfigEdits e(s.dir.path());
  e.replace("configs/r1.cfg", 3, "x");
  e.replace("configs/r1.cfg", 8, "y");
  std::string diff = e.unifiedDiff("configs/r1.cfg");
  CHECK(diff.find("@@ -1,11 +1,11 @@") != std::string::npos);
  CHECK(diff.find("@@ -", diff.find("@@ -1,11") + 1) == std::string::npos);  // one hunk
  CHECK(replaceWord(" set local-preference 250", 2, "50") == " set local-preference 50");
  CHECK(replaceWord("route-map A deny 10", 2, "permit") == "route-map A permit 10");
  CHECK(indentOf("  neighbor 1.1.1.1 activate") == "  ");
}

TEST_CASE("a patched snapshot never writes outside its directory; --out replaces atomically") {
  Snapshot s;
  TemporaryDirectory work(fs::temp_directory_path(), "patched-out-test");
  CHECK_THROWS_AS(writePatchedSnapshot(s.dir.path(), work.path() / "a", {{"../escape.cfg", "x"}}),
                  routefix::model::InputError);
  CHECK_FALSE(fs::exists(work.path() / "escape.cfg"));
  fs::path out = work.path() / "out";
  writeSnapshotAtomically(s.dir.path(), out, {{"configs/r1.cfg", "patched\n"}});
  std::ifstream in(out / "configs/r1.cfg");
  std::string first;
  std::getline(in, first);
  CHECK(first == "patched");
  CHECK_THROWS_AS(writeSnapshotAtomically(s.dir.path(), out, {}), routefix::model::InputError);  // no force
  writeSnapshotAtomically(s.dir.path(), out, {}, true);
  std::ifstream again(out / "configs/r1.cfg");
  std::getline(again, first);
  CHECK(first == "line 1");
  size_t entries = std::distance(fs::directory_iterator(work.path()), fs::directory_iterator());
  CHECK(entries == 2);  // "a" from the refused write's copy, and "out"; no staging left
  CHECK_THROWS_AS(writeSnapshotAtomically(s.dir.path(), s.dir.path() / "inside", {}),
                  routefix::model::InputError);
}

TEST_CASE("a file name with a newline or quote is C-quoted in the diff header, as git does") {
  Snapshot s;
  std::ofstream(s.dir.path() / "configs/r\n\"1\".cfg") << "line 1\n";
  ConfigEdits e(s.dir.path());
  e.replace("configs/r\n\"1\".cfg", 1, "changed");
  CHECK(e.unifiedDiff("configs/r\n\"1\".cfg").rfind(
            "--- \"a/configs/r\\n\\\"1\\\".cfg\"\n+++ \"b/configs/r\\n\\\"1\\\".cfg\"\n@@ -1,1 +1,1 @@", 0) == 0);
}

TEST_CASE("places name the lines edits rewrite and the lines insertions follow") {
  Snapshot s;
  ConfigEdits e(s.dir.path());
  e.replace("configs/r1.cfg", 2, "line two");
  e.insertAfter("configs/r1.cfg", 5, " indented");
  e.insertAfter("configs/r1.cfg", 7, "top level");
  auto places = e.places();
  CHECK(places == std::set<EditPlace>{{"configs/r1.cfg", 2, false, false},
                                      {"configs/r1.cfg", 5, true, true},
                                      {"configs/r1.cfg", 7, true, false}});
}
