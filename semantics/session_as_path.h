// What an eBGP session does to the AS path besides loop checks, written once for sim/ and
// symsim/: the ASes a sender puts in front (`local-as`, with or without the router's own AS),
// the local-as a receiver prepends, and `remove-private-as` on the way out. Vendor rules are
// from FRR 8.4 bgpd (bgp_attr.c bgp_packet_attribute / bgp_append_local_as,
// bgp_attr_aspath_check, bgp_route.c bgp_peer_remove_private_as, bgp_aspath.c), IOS / NX-OS
// / EOS command references (the same rules), and the Junos `remove-private` reference.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/device.h"

namespace routefix::semantics {

// RFC 6996: 64512-65535 and 4200000000-4294967294 (FRR BGP_AS_IS_PRIVATE).
bool privateAs(uint32_t asn);

// The ASes a router puts in front of a path it sends to an eBGP peer, leftmost first: the AS
// it presents on the session (presentedAs), and after a `local-as` also its own AS, unless
// `replace-as`, or its own AS is private and `remove-private-as` is set on the session (FRR
// bgp_append_local_as: the private AS would be what the peer must not see).
std::vector<uint32_t> ebgpExportPrepend(const model::BgpProcess& bgp, const model::BgpNeighbor& toward);

// The AS a router prepends to every path it receives from an eBGP peer: the session's
// `local-as` (unless `no-prepend`), so the rest of its AS sees the path as if it had
// crossed the old AS (FRR bgp_attr_aspath_check, IOS/Junos alike). None when the session has
// no local-as or the local-as is the router's own AS.
std::optional<uint32_t> receivedPathPrepend(const model::BgpProcess& bgp, const model::BgpNeighbor& from);

// `neighbor X as-override` on a path sent to an eBGP peer (not a confederation member): every
// occurrence of the AS the peer presents becomes the sender's own AS, before the outbound
// policy and the prepend (FRR subgroup_announce_check, bgp_aspath.c aspath_replace_specific_asn;
// IOS alike). The pair (replaced AS, replacement); none when the session does not override.
struct AsOverride {
  uint32_t replaced, by;
};
std::optional<AsOverride> asOverride(const model::BgpNeighbor& toward, bool ebgp, bool confed, uint32_t peerAs,
                                     uint32_t ownAs);

// remove-private-as on a path sent to an eBGP peer of AS `peerAs`, before the outbound policy
// and the prepend. `path` is the path's ASes left to right. Returns, position by position,
// the AS that stays (nullopt: dropped); an empty result means "unchanged".
// - IOS, NX-OS, EOS, FRR: with `all`, or when every AS of the path is private, each private
//   AS other than the peer's is dropped, or with `replace-as` replaced by `ownAs`.
// - Junos (VendorDefaults::bgp_remove_private_leading_only): the private ASes at the left are
//   dropped, up to the first public AS or the peer's.
std::vector<std::optional<uint32_t>> withoutPrivateAs(const model::VendorDefaults& vendor,
                                                      const model::BgpNeighbor& toward,
                                                      const std::vector<uint32_t>& path, uint32_t ownAs,
                                                      uint32_t peerAs);

}  // namespace routefix::semantics
