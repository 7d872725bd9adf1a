// Turning statement tokens into model values. A value the grammar accepts but the model
// cannot hold (an out-of-range number, a non-contiguous netmask) throws ValueError, which
// the walker reports as a warning on that line; the rest of the config is unaffected.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/ip.h"
#include "model/ip_address.h"

namespace routefix::parser::ios {

class ValueError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Unsigned decimal in [min, max].
uint32_t parseNumber(std::string_view text, uint64_t min = 0, uint64_t max = UINT32_MAX);
model::Ipv4 parseAddress(std::string_view text);
// "10.0.0.0/8" (host bits cleared).
model::Prefix parsePrefix(std::string_view text);
// IPv6 text as the IPV6_ADDRESS / IPV6_PREFIX tokens carry it (the lexer takes any text with
// "::" or eight groups; the value is checked here). The prefix has its host bits cleared.
model::IpAddress parseIpv6Address(const std::string& text);
model::IpPrefix parseIpv6Prefix(const std::string& text);
// "10.0.0.0" "255.0.0.0".
model::Prefix parsePrefixWithMask(std::string_view address, std::string_view mask);
// An address and its prefix length as written on an interface ("10.0.0.1/24" keeps .1).
std::pair<model::Ipv4, uint8_t> parseAddressWithLength(std::string_view text);
// OSPF area as a number or in dotted form.
uint32_t parseArea(std::string_view text);
// IOS classful length of a `network` statement written without a mask.
uint8_t classfulLength(model::Ipv4 address);

std::string toLower(std::string_view text);

}  // namespace routefix::parser::ios
