#include "model/cisco_regex.h"

#include <doctest/doctest.h>

#include <chrono>

#include "model/policy.h"

using namespace routefix::model;

namespace {

std::string longPath(int hops) {
  std::vector<uint32_t> path;
  for (int i = 0; i < hops; ++i) path.push_back(64512 + i);
  return asPathText(path);
}

double secondsToSearch(const CiscoRegex& re, const std::string& text, bool& matched) {
  auto start = std::chrono::steady_clock::now();
  matched = re.search(text);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("_ is FRR's (^|[,{}() ]|$): a delimiter or either end of the path") {
  CiscoRegex re("_65002_");
  CHECK(re.valid());
  CHECK(re.search("65001 65002 65003"));
  CHECK(re.search("65002"));
  CHECK(re.search("{65001,65002}"));
  CHECK(re.search("(65002)"));
  CHECK_FALSE(re.search("650021"));
  CHECK_FALSE(re.search("165002"));
  CHECK(CiscoRegex("^$").search(""));
  CHECK_FALSE(CiscoRegex("^$").search("1"));
}

TEST_CASE("Perl classes work as in FRR's PCRE2 build; backreferences do not compile") {
  CHECK(CiscoRegex("^\\d+$").search("65001"));
  CHECK_FALSE(CiscoRegex("^\\d+$").search("65001 2"));
  CiscoRegex back("(1)\\1");
  CHECK_FALSE(back.valid());
  CHECK_FALSE(back.error().empty());
  CHECK_FALSE(back.search("11"));
}

TEST_CASE("an invalid pattern matches nothing and says why") {
  CiscoRegex re("(65001");
  CHECK_FALSE(re.valid());
  CHECK(re.error().find("missing )") != std::string::npos);
  CHECK_FALSE(re.search("65001"));
  // A program too large to build is refused, not built.
  CHECK_FALSE(CiscoRegex("((((a{1000}){1000}){1000}){1000})").valid());
}

TEST_CASE("matching time is linear: patterns std::regex crashed or hung on") {
  // std::regex: SIGSEGV (stack overflow) on a 5,000-hop path; over a minute on 30 hops.
  bool matched = false;
  double t = secondsToSearch(CiscoRegex("^(_[0-9]+)*$"), longPath(5000), matched);
  CHECK(matched);
  CHECK(t < 1.0);
  t = secondsToSearch(CiscoRegex("^(_?[0-9]+_?)*(_?[0-9]+_?)*x$"), longPath(30), matched);
  CHECK_FALSE(matched);
  CHECK(t < 1.0);
  AsPathList list{"L", {{Action::Permit, "^(_[0-9]+)*$", {}}}, {}};
  std::vector<uint32_t> path(5000, 65001);
  CHECK(list.permits(path));
}
