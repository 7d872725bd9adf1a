#include "model/ip.h"

#include <charconv>

namespace routefix::model {

std::optional<Ipv4> Ipv4::parse(std::string_view text) {
  uint32_t value = 0;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int octet = 0; octet < 4; ++octet) {
    if (octet > 0) {
      if (p == end || *p != '.') return std::nullopt;
      ++p;
    }
    if (p == end || *p < '0' || *p > '9') return std::nullopt;
    unsigned part = 0;
    auto [next, ec] = std::from_chars(p, end, part);
    if (ec != std::errc() || part > 255 || next - p > 3) return std::nullopt;
    value = (value << 8) | part;
    p = next;
  }
  if (p != end) return std::nullopt;
  return Ipv4{value};
}

char* Ipv4::write(char* out) const {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out = std::to_chars(out, out + 3, (value >> shift) & 255).ptr;
    if (shift > 0) *out++ = '.';
  }
  return out;
}

std::string Ipv4::str() const {
  char text[kMaxText];
  return std::string(text, write(text));
}

uint32_t maskOf(uint8_t length) {
  return length == 0 ? 0 : (length >= 32 ? 0xffffffffu : ~((1u << (32 - length)) - 1));
}

std::optional<uint8_t> maskLength(Ipv4 mask) {
  for (uint8_t len = 0; len <= 32; ++len)
    if (maskOf(len) == mask.value) return len;
  return std::nullopt;
}

Prefix::Prefix(Ipv4 addr, uint8_t len)
    : address{addr.value & maskOf(len)}, length(len > 32 ? uint8_t{32} : len) {}

std::optional<Prefix> Prefix::parse(std::string_view text) {
  auto slash = text.find('/');
  auto ip = Ipv4::parse(text.substr(0, slash));
  if (!ip) return std::nullopt;
  if (slash == std::string_view::npos) return Prefix(*ip, 32);
  auto lenText = text.substr(slash + 1);
  unsigned len = 0;
  auto [next, ec] = std::from_chars(lenText.data(), lenText.data() + lenText.size(), len);
  if (ec != std::errc() || next != lenText.data() + lenText.size() || lenText.empty() || len > 32)
    return std::nullopt;
  return Prefix(*ip, static_cast<uint8_t>(len));
}

std::optional<Prefix> Prefix::fromAddressMask(std::string_view address, std::string_view mask) {
  auto ip = Ipv4::parse(address);
  auto m = Ipv4::parse(mask);
  if (!ip || !m) return std::nullopt;
  auto len = maskLength(*m);
  if (!len) return std::nullopt;
  return Prefix(*ip, *len);
}

char* Prefix::write(char* out) const {
  out = address.write(out);
  *out++ = '/';
  return std::to_chars(out, out + 2, unsigned{length}).ptr;
}

std::string Prefix::str() const {
  char text[kMaxText];
  return std::string(text, write(text));
}

bool Prefix::contains(Ipv4 ip) const { return (ip.value & maskOf(length)) == address.value; }

bool Prefix::contains(const Prefix& other) const {
  return other.length >= length && contains(other.address);
}

Ipv4 Prefix::lastAddress() const { return Ipv4{address.value | ~maskOf(length)}; }

}  // namespace routefix::model
