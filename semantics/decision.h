// The BGP decision process, written once for both engines. The rules are templates over the
// value domain: plain integers and bools in sim/ (one comparison of two paths), Z3 terms in
// symsim/ (the same comparison as a formula over symbolic attributes, see
// symsim/z3_domain.h). A domain is the usual operators plus Domain<Int>: constants and
// if-then-else; everything that is only configuration stays a plain value.
#pragma once

#include <cstdint>

#include "model/device.h"

namespace routefix::semantics {

// Constants and if-then-else in a value domain; specialised per domain.
template <class Int>
struct Domain;

template <>
struct Domain<uint32_t> {
  static uint32_t constant(const uint32_t&, uint64_t v) { return static_cast<uint32_t>(v); }
  static uint32_t ite(bool c, uint32_t a, uint32_t b) { return c ? a : b; }
};

// A route-map `set metric|local-preference [+|-]N` (FRR route_value_adjust): `+N` adds,
// saturating at 2^32-1; `-N` subtracts, down to 0; `N` (delta 0) sets.
template <class Int>
Int adjustedValue(const Int& current, uint32_t value, int delta) {
  Int v = Domain<Int>::constant(current, value);
  if (delta > 0)
    return Domain<Int>::ite(current > Domain<Int>::constant(current, 0xffffffffu - value),
                            Domain<Int>::constant(current, 0xffffffffu), current + v);
  if (delta < 0) return Domain<Int>::ite(current > v, current - v, Domain<Int>::constant(current, 0));
  return v;
}

// The knobs of a router's decision process (from its BGP process).
struct DecisionOptions {
  bool always_compare_med = false;
  bool med_missing_as_worst = false;
  bool as_path_ignore = false;
  bool multipath_relax = false;
  model::MultipathMatch multipath_match = model::MultipathMatch::AsPath;
  uint32_t maximum_paths_ebgp = 1;
  uint32_t maximum_paths_ibgp = 1;
};
// The device's BGP process and its vendor's rules; `device.bgp` must be set.
DecisionOptions decisionOptions(const model::Device& device);

// What the decision process reads of a path. `Int`/`Bool` are the domain's values.
// neighbor_as: the first AS of the path (0 for an empty one, as for locally originated
// routes). local: originated on this router (network, redistribute, aggregate).
template <class Int, class Bool>
struct DecisionView {
  Int weight;
  Int local_pref;
  Bool local;
  Int path_length;
  Int origin;
  Int med;
  Bool med_missing;  // no MED attribute on the path
  Int neighbor_as;
  Bool ebgp;
};

// MED is compared between two paths from the same neighbor AS, or always with
// `bgp always-compare-med` (RFC 4271 9.1.2.2 c, FRR bgp_path_info_cmp). Paths with an empty
// AS path (local, or from a confederation peer) share neighbor AS 0 and compare MED.
template <class Int>
auto medCompared(const DecisionOptions& o, const Int& aNeighborAs, const Int& bNeighborAs) {
  return o.always_compare_med || aNeighborAs == bNeighborAs;
}

// The MED a path is compared with: a missing one is 0, or the worst value with `bgp bestpath
// med missing-as-worst` (FRR) / `bgp bestpath med missing-as-worst` (IOS).
template <class Int, class Bool>
Int medValue(const DecisionOptions& o, const Int& med, const Bool& missing) {
  return Domain<Int>::ite(missing, Domain<Int>::constant(med, o.med_missing_as_worst ? 0xffffffffu : 0),
                          med);
}

// The ordered steps of the decision process down to eBGP-over-iBGP (FRR bgp_path_info_cmp,
// RFC 4271 9.1.2): higher weight, higher local-pref, locally originated, shorter AS path
// (unless as-path ignore), lower origin, lower MED (when compared), eBGP over iBGP. What
// follows (IGP cost, router-id, cluster length, peer address) is each engine's tie-break.
//
// `Steps` receives each step in order: `higher(a, b)` (a wins when larger) or `lower(a, b)`
// (a wins when smaller) and returns true to stop (a concrete comparison stops at the first
// difference; a symbolic one records every step and never stops).
template <class Steps, class Int, class Bool>
void decisionSteps(Steps& steps, const DecisionView<Int, Bool>& a, const DecisionView<Int, Bool>& b,
                   const DecisionOptions& o) {
  if (steps.higher(a.weight, b.weight)) return;
  if (steps.higher(a.local_pref, b.local_pref)) return;
  if (steps.higherBool(a.local, b.local)) return;
  if (!o.as_path_ignore && steps.lower(a.path_length, b.path_length)) return;
  if (steps.lower(a.origin, b.origin)) return;
  if (steps.lowerWhen(medCompared(o, a.neighbor_as, b.neighbor_as),
                      medValue(o, a.med, a.med_missing), medValue(o, b.med, b.med_missing)))
    return;
  steps.higherBool(a.ebgp, b.ebgp);
}

// Deterministic MED (FRR's default in the datacenter profile; arrival order decides without
// it, and arrival order is not a property of the configs): paths are grouped by neighbor AS,
// each group's best is chosen first, then the groups' winners are compared. The group key:
template <class Int>
Int medGroup(const DecisionOptions& o, const Int& neighborAs) {
  return o.always_compare_med ? Domain<Int>::constant(neighborAs, 0) : neighborAs;
}

// What the vendor's multipath demands of two paths besides the decision steps (see
// model::MultipathMatch). `internal`: the paths are iBGP ones (not eBGP, not confed-eBGP).
template <class Bool>
Bool multipathMatch(const DecisionOptions& o, const Bool& internal, const Bool& sameAsPath,
                    const Bool& sameNeighborAs) {
  switch (o.multipath_match) {
    case model::MultipathMatch::AsPath: return sameAsPath;
    case model::MultipathMatch::NeighborAs: return sameNeighborAs;
    case model::MultipathMatch::AsPathInternalNeighborAsExternal:
      return (internal && sameAsPath) || (!internal && sameNeighborAs);
  }
  return sameAsPath;
}

// Two paths that tie down to the IGP cost may share the forwarding (maximum-paths) when both
// are learned, from the same kind of peer, and match as the vendor demands unless
// `bgp bestpath as-path multipath-relax`.
template <class Bool>
auto multipathCompatible(const DecisionOptions& o, const Bool& aLearned, const Bool& bLearned,
                         const Bool& aEbgp, const Bool& bEbgp, const Bool& internal,
                         const Bool& sameAsPath, const Bool& sameNeighborAs) {
  return aLearned && bLearned && aEbgp == bEbgp &&
         (o.multipath_relax || multipathMatch(o, internal, sameAsPath, sameNeighborAs));
}

// eBGP loop prevention at the receiver: the path is dropped when it holds the receiver's AS
// (and its local-as, where one is configured) more often than `allowas-in` allows.
template <class Int>
auto asPathLoops(const Int& ownAsCount, const Int& localAsCount, uint32_t allowasIn) {
  return ownAsCount + localAsCount > Domain<Int>::constant(ownAsCount, allowasIn);
}

}  // namespace routefix::semantics
