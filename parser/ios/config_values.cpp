#include "parser/ios/config_values.h"

#include <cctype>
#include <charconv>

namespace routefix::parser::ios {

uint32_t parseNumber(std::string_view text, uint64_t min, uint64_t max) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
    throw ValueError("number out of range: " + std::string(text) + " (allowed " +
                     std::to_string(min) + "-" + std::to_string(max) + ")");
  return static_cast<uint32_t>(value);
}

model::Ipv4 parseAddress(std::string_view text) {
  auto ip = model::Ipv4::parse(text);
  if (!ip) throw ValueError("invalid IPv4 address: " + std::string(text));
  return *ip;
}

model::Prefix parsePrefix(std::string_view text) {
  auto p = model::Prefix::parse(text);
  if (!p || text.find('/') == std::string_view::npos)
    throw ValueError("invalid IPv4 prefix: " + std::string(text));
  return *p;
}

model::IpAddress parseIpv6Address(const std::string& text) {
  auto a = model::IpAddress::parseV6(text);
  if (!a) throw ValueError("invalid IPv6 address " + text);
  return *a;
}

model::IpPrefix parseIpv6Prefix(const std::string& text) {
  auto p = model::IpPrefix::parseInterfaceAddress(text);
  if (!p || p->first.isV4()) throw ValueError("invalid IPv6 prefix " + text);
  return model::IpPrefix(p->first, p->second);
}

model::Prefix parsePrefixWithMask(std::string_view address, std::string_view mask) {
  auto p = model::Prefix::fromAddressMask(address, mask);
  if (!p) throw ValueError("invalid address/netmask: " + std::string(address) + " " + std::string(mask));
  return *p;
}

std::pair<model::Ipv4, uint8_t> parseAddressWithLength(std::string_view text) {
  auto slash = text.find('/');
  if (slash == std::string_view::npos) throw ValueError("invalid IPv4 prefix: " + std::string(text));
  return {parseAddress(text.substr(0, slash)),
          static_cast<uint8_t>(parseNumber(text.substr(slash + 1), 0, 32))};
}

uint32_t parseArea(std::string_view text) {
  if (text.find('.') != std::string_view::npos) return parseAddress(text).value;
  return parseNumber(text);
}

uint8_t classfulLength(model::Ipv4 address) {
  uint32_t first = address.value >> 24;
  if (first < 128) return 8;
  if (first < 192) return 16;
  return 24;
}

std::string toLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace routefix::parser::ios
