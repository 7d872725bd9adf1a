// What `ip prefix-list` and `ipv6 prefix-list` entries share: the length range written after
// the prefix, and the place of an entry in its list by sequence number. Templates over the
// two families' grammar rules (prefix_list_match, ipv6_prefix_list_match) and model entries
// (PrefixListEntry, IpPrefixListEntry).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "IosParser.h"
#include "parser/ios/config_values.h"

namespace routefix::parser::ios {

// `ge N`, `le N` and EOS `eq N` (= `ge N le N`) into e.ge / e.le; lengths up to `maxLength`.
// The range may not start before e.prefix's length, nor be empty.
template <typename Match, typename Entry>
void readLengthRange(Match* match, uint8_t maxLength, Entry& e) {
  if (match->GE().size() > 1 || match->LE().size() > 1 || match->EQ().size() > 1 ||
      (!match->EQ().empty() && (!match->GE().empty() || !match->LE().empty())))
    throw ValueError("repeated ge/le/eq");
  for (auto* n : match->NUMBER()) {
    size_t keyword = n->getSymbol()->getTokenIndex() - 1;
    auto is = [&](const std::vector<antlr4::tree::TerminalNode*>& kws) {
      return !kws.empty() && kws[0]->getSymbol()->getTokenIndex() == keyword;
    };
    uint8_t value = static_cast<uint8_t>(parseNumber(n->getText(), 0, maxLength));
    if (is(match->GE())) e.ge = value;
    else if (is(match->LE())) e.le = value;
    else e.ge = e.le = value;
  }
  uint8_t lo = e.ge.value_or(e.prefix.length), hi = e.le.value_or(maxLength);
  if (lo < e.prefix.length || lo > hi) throw ValueError("invalid prefix-list length range");
}

// Puts `e` into `entries` (kept sorted by seq) at sequence `number`, or without one after the
// highest entry as IOS and FRR number it (the next multiple of 5); an entry of the same
// sequence is replaced.
template <typename Entry>
void insertBySeq(std::vector<Entry>& entries, Entry e, std::optional<uint32_t> number) {
  if (number) {
    e.seq = *number;
  } else {
    uint32_t highest = entries.empty() ? 0 : entries.back().seq;
    e.seq = highest / 5 * 5 + 5;
  }
  // Configs list entries in order, so the new one usually goes last (a scan from the front
  // made 404k entries take 206 s).
  auto pos = entries.empty() || entries.back().seq < e.seq
                 ? entries.end()
                 : std::lower_bound(entries.begin(), entries.end(), e.seq,
                                    [](const auto& x, uint32_t seq) { return x.seq < seq; });
  if (pos != entries.end() && pos->seq == e.seq)
    *pos = std::move(e);
  else
    entries.insert(pos, std::move(e));
}

}  // namespace routefix::parser::ios
