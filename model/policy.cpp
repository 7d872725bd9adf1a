#include "model/policy.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "model/cisco_regex.h"

namespace routefix::model {

std::optional<Community> parseCommunity(std::string_view text) {
  if (text == "no-export") return kNoExport;
  if (text == "no-advertise") return kNoAdvertise;
  if (text == "local-AS" || text == "local-as" || text == "no-export-subconfed") return kLocalAs;
  if (text == "blackhole") return kBlackhole;
  if (text == "internet") return kInternet;
  auto colon = text.find(':');
  auto number = [](std::string_view s, uint64_t max) -> std::optional<uint64_t> {
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v > max) return std::nullopt;
    return v;
  };
  if (colon == std::string_view::npos) {
    auto v = number(text, 0xffffffffu);  // IOS "new-format off": a plain 32-bit number
    if (!v) return std::nullopt;
    return static_cast<Community>(*v);
  }
  auto hi = number(text.substr(0, colon), 0xffff);
  auto lo = number(text.substr(colon + 1), 0xffff);
  if (!hi || !lo) return std::nullopt;
  return static_cast<Community>((*hi << 16) | *lo);
}

namespace {
std::optional<uint64_t> decimal(std::string_view s, uint64_t max) {
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v > max) return std::nullopt;
  return v;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}
}  // namespace

// FRR ecommunity_str2com: `rt` / `soo` names the type of the values after it; a value is
// ASN:NN (2- or 4-byte AS) or A.B.C.D:NN.
std::optional<std::vector<TextCommunity>> parseExtCommunities(std::string_view text) {
  std::vector<TextCommunity> out;
  std::string type;
  for (auto w : words(text)) {
    if (w == "rt" || w == "soo") {
      type = std::string(w);
      continue;
    }
    auto colon = w.rfind(':');
    if (type.empty() || colon == std::string_view::npos) return std::nullopt;
    auto global = w.substr(0, colon);
    auto local = decimal(w.substr(colon + 1), 0xffffffffu);
    std::string head;
    if (auto ip = Ipv4::parse(global)) {
      head = ip->str();
      if (local && *local > 0xffff) return std::nullopt;
    } else if (auto as = decimal(global, 0xffffffffu)) {
      head = std::to_string(*as);
      if (local && *as > 0xffff && *local > 0xffff) return std::nullopt;
    } else {
      return std::nullopt;
    }
    if (!local) return std::nullopt;
    out.push_back(type + " " + head + ":" + std::to_string(*local));
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// RFC 8092: GLOBAL:LOCAL1:LOCAL2, three 32-bit numbers.
std::optional<std::vector<TextCommunity>> parseLargeCommunities(std::string_view text) {
  std::vector<TextCommunity> out;
  for (auto w : words(text)) {
    auto a = w.find(':');
    auto b = a == std::string_view::npos ? a : w.find(':', a + 1);
    if (b == std::string_view::npos) return std::nullopt;
    auto g = decimal(w.substr(0, a), 0xffffffffu);
    auto l1 = decimal(w.substr(a + 1, b - a - 1), 0xffffffffu);
    auto l2 = decimal(w.substr(b + 1), 0xffffffffu);
    if (!g || !l1 || !l2) return std::nullopt;
    out.push_back(std::to_string(*g) + ":" + std::to_string(*l1) + ":" + std::to_string(*l2));
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::string communityStr(Community c) {
  switch (c) {
    case kNoExport: return "no-export";
    case kNoAdvertise: return "no-advertise";
    case kLocalAs: return "local-AS";
    case kBlackhole: return "blackhole";
    default: return std::to_string(c >> 16) + ":" + std::to_string(c & 0xffff);
  }
}

bool PrefixListEntry::matches(const Prefix& p) const {
  if (!prefix.contains(p)) return false;
  if (!ge && !le) return p.length == prefix.length;
  uint8_t lo = ge ? *ge : prefix.length;
  uint8_t hi = le ? *le : 32;
  return p.length >= lo && p.length <= hi;
}

std::optional<size_t> PrefixList::firstMatch(const Prefix& p) const {
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].matches(p)) return i;
  return std::nullopt;
}

bool PrefixList::permits(const Prefix& p) const {
  auto i = firstMatch(p);
  return i && entries[*i].action == Action::Permit;
}

std::optional<size_t> IpPrefixList::firstMatch(const IpPrefix& p) const {
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].matches(p)) return i;
  return std::nullopt;
}

bool IpPrefixList::permits(const IpPrefix& p) const {
  auto i = firstMatch(p);
  return i && entries[*i].action == Action::Permit;
}

// Cisco regexes use "_" for "any delimiter or an end of the string": FRR's bgp_regcomp
// (bgpd/bgp_regex.c) substitutes (^|[,{}() ]|$).
std::string posixFromCiscoRegex(std::string_view pattern) {
  std::string out;
  for (char c : pattern) {
    if (c == '_')
      out += "(^|[ ,{}()]|$)";
    else
      out += c;
  }
  return out;
}

std::string asPathText(const std::vector<uint32_t>& path) {
  std::string s;
  for (auto as : path) {
    if (!s.empty()) s += ' ';
    s += std::to_string(as);
  }
  return s;
}

bool CommunityList::permits(const std::vector<Community>& routeCommunities) const {
  std::string text;
  if (expanded) {
    for (auto c : routeCommunities) {
      if (!text.empty()) text += ' ';
      text += communityStr(c);
    }
  }
  for (const auto& e : entries) {
    bool match;
    if (expanded) {
      match = CiscoRegex(e.regex).search(text);
    } else {
      match = std::all_of(e.communities.begin(), e.communities.end(), [&](Community c) {
        return c == kInternet ||
               std::find(routeCommunities.begin(), routeCommunities.end(), c) !=
                   routeCommunities.end();
      });
    }
    if (match) return e.action == Action::Permit;
  }
  return false;
}

bool AsPathList::permits(const std::vector<uint32_t>& asPath) const {
  std::string text = asPathText(asPath);
  for (const auto& e : entries)
    if (CiscoRegex(e.regex).search(text)) return e.action == Action::Permit;
  return false;
}

bool AccessList::permitsRoute(const Prefix& p) const {
  for (const auto& e : entries) {
    // Extended ACLs in route-maps match the prefix as source and its mask as destination
    // (IOS); standard ones match the prefix address.
    bool match = e.source.matches(p.address) &&
                 (!extended || e.destination.matches(Ipv4{maskOf(p.length)}));
    if (match) return e.action == Action::Permit;
  }
  return false;
}

}  // namespace routefix::model
