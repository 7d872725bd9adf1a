// CAIDA as-rel input: plain, gzip and bzip2 files; errors name file:line.
#include <doctest/doctest.h>

#include <string>

#include "anycast/as_graph.h"
#include "model/input_error.h"

using namespace routefix::anycast;

namespace {
const std::string kData = std::string(ROUTEFIX_SOURCE_DIR) + "/tests/data/anycast/";

std::string errorOf(const std::string& path) {
  try {
    loadAsRelationships(path);
  } catch (const routefix::model::InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("plain, gzip and bzip2 as-rel files give the same graph") {
  for (const char* name : {"small.as-rel.txt", "small.as-rel.txt.gz", "small.as-rel.txt.bz2"}) {
    CAPTURE(name);
    AsGraph g = loadAsRelationships(kData + name);
    CHECK(g.size() == 6);
    CHECK(g.linkCount() == 7);
    AsIndex a30 = *g.find(30), a1 = *g.find(1), a2 = *g.find(2);
    REQUIRE(g.providers(a30).size() == 2);
    CHECK(g.asn(g.providers(a30)[0]) == 1);
    CHECK(g.asn(g.providers(a30)[1]) == 2);
    CHECK(g.neighbourKind(a1, a2) == AsGraph::NeighbourKind::Peer);
    CHECK(g.neighbourKind(a30, a1) == AsGraph::NeighbourKind::Provider);
    CHECK(g.neighbourKind(a1, a30) == AsGraph::NeighbourKind::Customer);
    CHECK_FALSE(g.neighbourKind(a30, *g.find(10)).has_value());
  }
}

TEST_CASE("malformed lines are reported with file and line") {
  CHECK(errorOf(kData + "bad-asn.as-rel.txt") ==
        kData + "bad-asn.as-rel.txt:2: AS numbers must be integers in 0..4294967295 in '1|x|-1'");
  CHECK(errorOf(kData + "bad-rel.as-rel.txt") ==
        kData + "bad-rel.as-rel.txt:4: relationship must be -1 (provider|customer) or 0 (peers), got '1'");
  CHECK(errorOf(kData + "missing.txt") == kData + "missing.txt: cannot read file: it does not exist");
  CHECK_THROWS_AS(parseAsRelationships("1|2\n", "x"), routefix::model::InputError);
  CHECK_THROWS_WITH(parseAsRelationships("# only comments\n", "x"), "x: no AS relationships in file");
  CHECK_THROWS_WITH(parseAsRelationships("5|5|0\n", "x"), "x:1: AS 5 linked to itself");
}

TEST_CASE("duplicate links are merged, source column ignored") {
  AsGraph g = parseAsRelationships("1|2|-1|bgp\n1|2|-1|mlp\n2|1|0\n", "x");
  CHECK(g.linkCount() == 1);
  CHECK(g.neighbourKind(*g.find(2), *g.find(1)) == AsGraph::NeighbourKind::Provider);
}
