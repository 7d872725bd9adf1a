#include <doctest/doctest.h>

#include "model/ip.h"

using namespace routefix::model;

TEST_CASE("Ipv4::parse accepts dotted quads and rejects the rest") {
  CHECK(Ipv4::parse("10.1.2.3")->value == 0x0a010203u);
  CHECK(Ipv4::parse("255.255.255.255")->str() == "255.255.255.255");
  CHECK_FALSE(Ipv4::parse("10.1.2"));
  CHECK_FALSE(Ipv4::parse("10.1.2.256"));
  CHECK_FALSE(Ipv4::parse("10.1.2.3.4"));
  CHECK_FALSE(Ipv4::parse("10.1.2.x"));
  CHECK_FALSE(Ipv4::parse(""));
  CHECK_FALSE(Ipv4::parse("1000.1.1.1"));
}

TEST_CASE("Prefix is canonical and knows containment") {
  auto p = Prefix::parse("10.1.2.3/24");
  REQUIRE(p);
  CHECK(p->str() == "10.1.2.0/24");
  CHECK(p->contains(*Ipv4::parse("10.1.2.200")));
  CHECK_FALSE(p->contains(*Ipv4::parse("10.1.3.1")));
  CHECK(p->contains(*Prefix::parse("10.1.2.128/25")));
  CHECK_FALSE(p->contains(*Prefix::parse("10.1.0.0/16")));
  CHECK(Prefix::parse("0.0.0.0/0")->contains(*Ipv4::parse("8.8.8.8")));
  CHECK(Prefix::parse("1.2.3.4")->length == 32);
  CHECK_FALSE(Prefix::parse("1.2.3.4/33"));
  CHECK_FALSE(Prefix::parse("1.2.3.4/"));
  CHECK(p->lastAddress().str() == "10.1.2.255");
}

TEST_CASE("address and mask pairs") {
  CHECK(Prefix::fromAddressMask("192.168.1.5", "255.255.255.0")->str() == "192.168.1.0/24");
  CHECK_FALSE(Prefix::fromAddressMask("192.168.1.5", "255.0.255.0"));
  CHECK(*maskLength(Ipv4{0}) == 0);
  CHECK(maskOf(32) == 0xffffffffu);
}

TEST_CASE("wildcard matches allow non-contiguous don't-care bits") {
  WildcardMatch w{*Ipv4::parse("10.0.0.1"), 0x00ff00ffu};
  CHECK(w.matches(*Ipv4::parse("10.7.0.9")));
  CHECK_FALSE(w.matches(*Ipv4::parse("10.7.1.9")));
}
