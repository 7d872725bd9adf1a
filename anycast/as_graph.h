// The AS-level Internet: ASes and their business relationships (CAIDA as-rel semantics).
// Stored as compact adjacency arrays (CSR) so that one propagation touches each edge once.
// AS indices are assigned in ascending ASN order, so "lowest neighbour ASN" is "lowest index".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace routefix::anycast {

using Asn = uint32_t;
using AsIndex = uint32_t;

enum class Relationship { ProviderToCustomer, PeerToPeer };

struct AsLink {
  Asn a = 0;  // provider for ProviderToCustomer
  Asn b = 0;  // customer for ProviderToCustomer
  Relationship rel = Relationship::PeerToPeer;
};

class AsGraph {
 public:
  // Duplicate links are merged; a pair listed with two different relationships keeps the
  // first one (CAIDA files do not contain such pairs; merged files might).
  static AsGraph fromLinks(const std::vector<AsLink>& links);

  size_t size() const { return asns_.size(); }
  size_t linkCount() const { return link_count_; }
  Asn asn(AsIndex i) const { return asns_[i]; }
  std::optional<AsIndex> find(Asn asn) const;

  std::span<const AsIndex> providers(AsIndex i) const { return slice(provider_offsets_, providers_, i); }
  std::span<const AsIndex> customers(AsIndex i) const { return slice(customer_offsets_, customers_, i); }
  std::span<const AsIndex> peers(AsIndex i) const { return slice(peer_offsets_, peers_, i); }

  // The relationship of `neighbour` as seen from `self`, if they are linked.
  enum class NeighbourKind { Provider, Peer, Customer };
  std::optional<NeighbourKind> neighbourKind(AsIndex self, AsIndex neighbour) const;

 private:
  static std::span<const AsIndex> slice(const std::vector<uint32_t>& offsets,
                                        const std::vector<AsIndex>& targets, AsIndex i) {
    return {targets.data() + offsets[i], targets.data() + offsets[i + 1]};
  }

  std::vector<Asn> asns_;
  std::unordered_map<Asn, AsIndex> index_;
  std::vector<uint32_t> provider_offsets_, customer_offsets_, peer_offsets_;
  std::vector<AsIndex> providers_, customers_, peers_;  // each neighbour list sorted ascending
  size_t link_count_ = 0;
};

// Reads a CAIDA AS-relationship file: `as1|as2|rel[|source]`, rel -1 (as1 is the provider of
// as2) or 0 (peers), `#` comment lines. gzip and bzip2 files are recognised by content.
// Malformed lines throw model::InputError naming file:line.
AsGraph loadAsRelationships(const std::string& path);
AsGraph parseAsRelationships(const std::string& text, const std::string& file_name);

// The file's bytes, decompressed if it is gzip or bzip2. Throws InputError if unreadable.
std::string readMaybeCompressed(const std::string& path);
// The same for bytes in memory (`path` names them in errors): corrupt or truncated
// compressed data is an InputError.
std::string decompressIfCompressed(std::string raw, const std::string& path);

}  // namespace routefix::anycast
