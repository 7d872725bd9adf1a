// Patterns over set-paths, the rows of the statement table that maps Junos configuration
// into the model: "routing-options static route <prefix> next-hop <ip>". Literal words must
// be equal; placeholders capture one word and check its type (<ip> and <prefix> are IPv4,
// <ip6> and <prefix6> IPv6); a trailing `...` takes the rest.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace routefix::parser::junos {

class PathPattern {
 public:
  explicit PathPattern(std::string_view text);

  // The captured words (placeholders and the `...` tail, in order), or nullopt.
  std::optional<std::vector<std::string>> match(const std::vector<std::string>& words) const;
  const std::string& firstWord() const { return first_word_; }

 private:
  enum class Kind { Literal, Word, Number, Ip, Prefix, Ip6, Prefix6, Rest };
  struct Element {
    Kind kind;
    std::string literal;
  };
  std::vector<Element> elements_;
  std::string first_word_;
};

// Junos bandwidth values: "10g", "100m", "1000000" (bps) -> kbit/s; nullopt if malformed.
std::optional<uint64_t> parseBandwidthKbps(std::string_view text);
std::optional<uint32_t> parseUint(std::string_view text);

}  // namespace routefix::parser::junos
