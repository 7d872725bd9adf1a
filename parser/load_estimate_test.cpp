#include <doctest/doctest.h>

#include <sys/stat.h>

#include <string>

#include "model/input_error.h"
#include "parser/load_estimate.h"
#include "parser/temp_snapshot.h"

using namespace routefix;
using namespace routefix::parser;

TEST_CASE("config volume: comment and blank lines are not dense; one device's files count together") {
  TempSnapshot snap;
  snap.write("configs/r1.cfg", "! comment\nhostname r1\n\n   ! indented comment\ninterface lo\n");
  snap.write("configs/r2/zebra.conf", "# comment\nhostname r2\n");
  snap.write("configs/r2/bgpd.conf", "router bgp 65002\n");
  snap.write("configs/.hidden", "ignored\n");
  ConfigVolume v = measureConfigs(snap.root());
  CHECK(v.files == 3);
  CHECK(v.lines == 5 + 2 + 1);
  CHECK(v.bytes == 58 + 22 + 17);
  CHECK(v.dense_bytes == (12 + 13) + 12 + 17);
  CHECK(v.largest_device_dense_bytes == 29);  // r2: hostname r2 + router bgp 65002
}

TEST_CASE("loading estimate: texts and the largest parse tree come and go, the model stays") {
  TempSnapshot snap;
  std::string dense, comments;
  for (int i = 0; i < 1000; ++i) {
    dense += "ip prefix-list P seq " + std::to_string(i + 5) + " permit 10.0.0.0/8 le 24\n";
    comments += "! a comment line of about the same length as the one above\n";
  }
  snap.write("configs/dense.cfg", dense);
  snap.write("configs/comments.cfg", comments);
  ConfigVolume v = measureConfigs(snap.root());
  uint64_t loading = loadingMemory(v).total(), model = modelMemory(v).total();
  CHECK(model < loading);
  // The comment-only config costs its text, not a parse tree.
  CHECK(loading > 50 * dense.size());
  CHECK(loading < 80 * dense.size() + 3 * comments.size());
}

TEST_CASE("measuring follows the loader's rules: no configs/ is an input error") {
  TempSnapshot snap;
  CHECK_THROWS_AS(measureConfigs(snap.root()), model::InputError);
}

TEST_CASE("measuring reads only what the loader would: a FIFO is not opened") {
  TempSnapshot snap;
  snap.write("configs/r1.cfg", "hostname r1\n");
  REQUIRE(::mkfifo((snap.root() / "configs/pipe.cfg").c_str(), 0600) == 0);
  ConfigVolume v = measureConfigs(snap.root());  // would block on the FIFO
  CHECK(v.dense_bytes == 12);
}
