#include "parser/junos/path_pattern.h"

#include <charconv>
#include <sstream>

#include "model/ip.h"
#include "model/ip_address.h"

namespace routefix::parser::junos {

std::optional<uint32_t> parseUint(std::string_view text) {
  uint32_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<uint64_t> parseBandwidthKbps(std::string_view text) {
  if (text.empty()) return std::nullopt;
  uint64_t scaleBps = 1;
  switch (text.back()) {
    case 'k': scaleBps = 1000; break;
    case 'm': scaleBps = 1000000; break;
    case 'g': scaleBps = 1000000000; break;
    default: break;
  }
  if (scaleBps != 1) text.remove_suffix(1);
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v * scaleBps / 1000;
}

PathPattern::PathPattern(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string w;
  while (in >> w) {
    if (w == "...") elements_.push_back({Kind::Rest, {}});
    else if (w == "<w>") elements_.push_back({Kind::Word, {}});
    else if (w == "<n>") elements_.push_back({Kind::Number, {}});
    else if (w == "<ip>") elements_.push_back({Kind::Ip, {}});
    else if (w == "<prefix>") elements_.push_back({Kind::Prefix, {}});
    else if (w == "<ip6>") elements_.push_back({Kind::Ip6, {}});
    else if (w == "<prefix6>") elements_.push_back({Kind::Prefix6, {}});
    else elements_.push_back({Kind::Literal, w});
  }
  if (!elements_.empty() && elements_[0].kind == Kind::Literal) first_word_ = elements_[0].literal;
}

std::optional<std::vector<std::string>> PathPattern::match(
    const std::vector<std::string>& words) const {
  std::vector<std::string> captured;
  size_t i = 0;
  for (const auto& e : elements_) {
    if (e.kind == Kind::Rest) {
      std::string rest;
      for (; i < words.size(); ++i) rest += (rest.empty() ? "" : " ") + words[i];
      captured.push_back(rest);
      return captured;
    }
    if (i >= words.size()) return std::nullopt;
    const std::string& w = words[i++];
    switch (e.kind) {
      case Kind::Literal:
        if (w != e.literal) return std::nullopt;
        continue;
      case Kind::Number:
        if (!parseUint(w)) return std::nullopt;
        break;
      case Kind::Ip:
        if (!model::Ipv4::parse(w)) return std::nullopt;
        break;
      case Kind::Prefix:
        if (w.find('/') == std::string::npos || !model::Prefix::parse(w)) return std::nullopt;
        break;
      case Kind::Ip6:
        if (!model::IpAddress::parseV6(w)) return std::nullopt;
        break;
      case Kind::Prefix6: {
        auto prefix = model::IpPrefix::parse(w);
        if (w.find('/') == std::string::npos || !prefix || prefix->family() != model::IpFamily::V6)
          return std::nullopt;
        break;
      }
      default:
        break;
    }
    captured.push_back(w);
  }
  if (i != words.size()) return std::nullopt;
  return captured;
}

}  // namespace routefix::parser::junos
