#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "model/ip_address.h"

using namespace routefix::model;

namespace {
IpAddress v6(std::string_view text) {
  auto a = IpAddress::parse(text);
  REQUIRE_MESSAGE(a, text);
  return *a;
}
IpPrefix prefix(std::string_view text) {
  auto p = IpPrefix::parse(text);
  REQUIRE_MESSAGE(p, text);
  return *p;
}
}  // namespace

TEST_CASE("IPv6 text: full, compressed and embedded IPv4 forms parse to the same value") {
  IpAddress full = v6("2001:0db8:0000:0000:0000:ff00:0042:8329");
  CHECK(full.family == IpFamily::V6);
  CHECK(full.hi == 0x20010db800000000ull);
  CHECK(full.lo == 0x0000ff0000428329ull);
  CHECK(v6("2001:db8::ff00:42:8329") == full);
  CHECK(v6("2001:DB8::FF00:42:8329") == full);
  CHECK(v6("::") == IpAddress::v6(0, 0));
  CHECK(v6("::1") == IpAddress::v6(0, 1));
  CHECK(v6("1::") == IpAddress::v6(0x0001000000000000ull, 0));
  CHECK(v6("::ffff:1.2.3.4") == IpAddress::v6(0, 0x0000ffff01020304ull));
  CHECK(v6("64:ff9b::192.0.2.33").lo == 0xc0000221ull);
  CHECK(v6("1:2:3:4:5:6:7::") == IpAddress::v6(0x0001000200030004ull, 0x0005000600070000ull));
  CHECK(v6("1:2:3:4:5:6:1.2.3.4").lo == 0x0005000601020304ull);
}

TEST_CASE("IPv6 text: malformed forms and zones are rejected") {
  for (const char* bad : {"", ":", ":::", "1:::2", "1::2::3", ":1::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9",
                          "1:2:3:4:5:6:7:8::", "12345::", "g::1", "1::2:", ":1:2:3:4:5:6:7:8",
                          "fe80::1%eth0", "::1.2.3.4:5", "1.2.3.4::", "::256.0.0.1", "1:2:3:4:5:6:7:1.2.3.4",
                          "2001:db8::/64"})
    CHECK_FALSE_MESSAGE(IpAddress::parse(bad), bad);
}

TEST_CASE("IPv6 printing is RFC 5952 canonical") {
  CHECK(v6("2001:0DB8:0000:0000:0000:0000:0000:0001").str() == "2001:db8::1");
  CHECK(v6("2001:db8:0:0:1:0:0:1").str() == "2001:db8::1:0:0:1");      // first of equal runs
  CHECK(v6("2001:db8:0:1:1:1:1:1").str() == "2001:db8:0:1:1:1:1:1");   // one zero group stays
  CHECK(v6("2001:0:0:1:0:0:0:1").str() == "2001:0:0:1::1");            // the longest run
  CHECK(v6("::").str() == "::");
  CHECK(v6("0::1").str() == "::1");
  CHECK(v6("fe80:0:0:0:0:0:0:0").str() == "fe80::");
  CHECK(v6("::ffff:0102:0304").str() == "::ffff:1.2.3.4");
  CHECK(v6("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").str().size() == 39);
  CHECK(IpAddress::fromV4(*Ipv4::parse("10.1.2.3")).str() == "10.1.2.3");
}

TEST_CASE("IPv4 values convert both ways and sort before IPv6") {
  Ipv4 a = *Ipv4::parse("192.0.2.7");
  IpAddress wide = IpAddress::fromV4(a);
  CHECK(wide.isV4());
  CHECK(wide.v4() == a);
  CHECK(v6("192.0.2.7") == wide);
  CHECK(IpPrefix::fromV4(*Prefix::parse("10.0.0.0/8")).v4() == *Prefix::parse("10.0.0.0/8"));
  CHECK(wide < v6("::"));
  CHECK(v6("::1") < v6("::2"));
  CHECK(v6("::ffff:ffff:ffff:ffff") < v6("0:0:0:1::"));
}

TEST_CASE("IPv6 prefixes are masked and know containment") {
  IpPrefix p = prefix("2001:db8:abcd:12::1/48");
  CHECK(p.str() == "2001:db8:abcd::/48");
  CHECK(prefix("2001:db8::ffff/127").str() == "2001:db8::fffe/127");
  CHECK(prefix("2001:db8:0:0:8000::/65").str() == "2001:db8:0:0:8000::/65");
  CHECK(prefix("2001:db8:0:0:c000::/65").str() == "2001:db8:0:0:8000::/65");
  CHECK(prefix("::/0").contains(v6("2001:db8::1")));
  CHECK(prefix("2001:db8::1").length == 128);
  CHECK(p.contains(v6("2001:db8:abcd:ffff::9")));
  CHECK_FALSE(p.contains(v6("2001:db8:abce::1")));
  CHECK(p.contains(prefix("2001:db8:abcd:1::/64")));
  CHECK_FALSE(p.contains(prefix("2001:db8::/32")));
  CHECK_FALSE(prefix("::/0").contains(IpAddress::fromV4(Ipv4{1})));  // families never mix
  CHECK_FALSE(prefix("0.0.0.0/0").contains(v6("::1")));
  CHECK_FALSE(IpPrefix::parse("2001:db8::/129"));
  CHECK_FALSE(IpPrefix::parse("10.0.0.0/33"));
  CHECK_FALSE(IpPrefix::parse("2001:db8::/"));
  auto onInterface = IpPrefix::parseInterfaceAddress("2001:db8:1::1/64");
  REQUIRE(onInterface);
  CHECK(onInterface->first.str() == "2001:db8:1::1");
  CHECK(IpPrefix(onInterface->first, onInterface->second).str() == "2001:db8:1::/64");
}

TEST_CASE("link-local and mapped ranges") {
  CHECK(v6("fe80::1").isLinkLocal());
  CHECK(v6("febf:ffff::1").isLinkLocal());
  CHECK_FALSE(v6("fec0::1").isLinkLocal());
  CHECK_FALSE(v6("2001:db8::1").isLinkLocal());
  CHECK(v6("::ffff:10.0.0.1").isV4Mapped());
  CHECK_FALSE(v6("::10.0.0.1").isV4Mapped());
}

TEST_CASE("bits are counted from the most significant end of the family's width") {
  CHECK(v6("8000::").bit(0));
  CHECK_FALSE(v6("8000::").bit(1));
  CHECK(v6("::1").bit(127));
  CHECK(v6("0:0:0:1::").bit(63));
  CHECK(v6("0:0:0:0:8000::").bit(64));
  CHECK(IpAddress::fromV4(*Ipv4::parse("128.0.0.1")).bit(0));
  CHECK(IpAddress::fromV4(*Ipv4::parse("128.0.0.1")).bit(31));
}

TEST_CASE("prefixes sort by family, address, then length (a parent before its more specifics)") {
  std::vector<IpPrefix> ps = {prefix("2001:db8:1::/48"), prefix("10.0.0.0/8"), prefix("2001:db8::/32"),
                              prefix("::/0"), prefix("2001:db8::/48")};
  std::sort(ps.begin(), ps.end());
  std::vector<std::string> text;
  for (const auto& p : ps) text.push_back(p.str());
  CHECK(text == std::vector<std::string>{"10.0.0.0/8", "::/0", "2001:db8::/32", "2001:db8::/48", "2001:db8:1::/48"});
}

TEST_CASE("prefix-list ranges: exact without ge/le, le defaults to the family's width") {
  IpPrefix base = prefix("2001:db8::/32");
  CHECK(prefixRangeMatches(base, {}, {}, prefix("2001:db8::/32")));
  CHECK_FALSE(prefixRangeMatches(base, {}, {}, prefix("2001:db8::/48")));
  CHECK(prefixRangeMatches(base, {}, 64, prefix("2001:db8:1::/48")));
  CHECK_FALSE(prefixRangeMatches(base, {}, 64, prefix("2001:db8:1::/96")));
  CHECK(prefixRangeMatches(base, 48, {}, prefix("2001:db8::1/128")));
  CHECK_FALSE(prefixRangeMatches(base, 48, {}, prefix("2001:db8::/40")));
  CHECK_FALSE(prefixRangeMatches(base, 48, {}, prefix("2001:db9::/48")));
  CHECK(prefixRangeMatches(prefix("::/0"), {}, 128, prefix("2001:db8::/64")));
  CHECK_FALSE(prefixRangeMatches(prefix("::/0"), {}, 128, prefix("10.0.0.0/8")));
  CHECK(prefixRangeMatches(prefix("10.0.0.0/8"), 16, {}, prefix("10.1.0.0/32")));
  CHECK_FALSE(prefixRangeMatches(prefix("10.0.0.0/8"), 16, 24, prefix("10.1.1.0/25")));
}
