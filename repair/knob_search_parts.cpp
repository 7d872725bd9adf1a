// How KnobSearch::solve splits the problem: one failing destination at a time (most errors
// break many destinations, and one destination's fix fixes the others), and, where those fixes
// conflict, destinations merged into jointly solved parts.
#include <algorithm>
#include <chrono>

#include "repair/knob_search.h"

namespace routefix::repair {

namespace {

bool readsAny(const std::set<size_t>& knobs, const std::vector<symsim::KnobChange>& changes) {
  return std::any_of(changes.begin(), changes.end(),
                     [&](const symsim::KnobChange& c) { return knobs.count(c.knob) > 0; });
}

}  // namespace

KnobSearch::Outcome KnobSearch::solve(bool protect, double seconds, std::vector<symsim::KnobChange>& changes,
                                      Mode mode) {
  changes.clear();
  // A blocked assignment spans every part (the concrete check rejected the whole patch), so
  // once there is one the problem is solved whole; a partial search keeps its parts and
  // gives each the blocked assignments.
  bool withBlocked = !blocked_.empty();
  if (withBlocked && mode != Mode::Solvable) return solvePart(allEncodings(), true, protect, seconds, changes);
  auto start = std::chrono::steady_clock::now();
  if (auto o = solveInTurn(protect, withBlocked, seconds, mode, changes)) return *o;
  changes.clear();
  double left = seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (left <= 0) return Outcome::Timeout;
  return solveMerged(protect, withBlocked, left, mode, changes);
}

// The failing destinations in turn, each solved with the changes chosen for the earlier ones
// held fixed, and skipped where those changes already satisfy it; then every change that the
// others make unnecessary is taken back. Solving the destinations jointly instead (merging
// every two whose fixes touch the same knobs) grew one MaxSMT problem destination by
// destination: with a lost iBGP session and a lost reflector client breaking 17 destinations
// of a 19-router network, the eighth merge took 18 s and the search ran out of time, where
// each destination alone solves in 0.2 s and a check with every knob fixed takes milliseconds.
std::optional<KnobSearch::Outcome> KnobSearch::solveInTurn(bool protect, bool withBlocked, double seconds, Mode mode,
                                                           std::vector<symsim::KnobChange>& changes) {
  auto start = std::chrono::steady_clock::now();
  auto left = [&] { return seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<PrefixEncoding*> todo, held;
  for (auto* e : allEncodings()) (e->required.empty() ? held : todo).push_back(e);
  // The encodings the chosen changes must keep satisfying, each with how many of them (the
  // first ones) it is known to hold under.
  std::vector<std::pair<PrefixEncoding*, size_t>> satisfied;
  std::vector<symsim::KnobChange> chosen;  // in the order chosen
  std::vector<size_t> chosenFor;           // per chosen change, the index in `satisfied` it was chosen for
  bool concretely = concreteCheckCheaper(todo);
  for (size_t i = 0; i < todo.size(); ++i) {
    PrefixEncoding* e = todo[i];
    if (left() <= 0) return Outcome::Timeout;
    if (!chosen.empty() && holds(*e, chosen, protect, left(), concretely)) {
      satisfied.emplace_back(e, chosen.size());
      continue;
    }
    std::vector<symsim::KnobChange> more;
    Outcome o = solveWritable(*e, withBlocked, protect, left(), more, chosen);
    if (o == Outcome::Timeout) return o;
    if (o == Outcome::Unsatisfiable) {
      if (chosen.empty()) {
        if (mode == Mode::Solvable) continue;  // no fix of its own: left out of a partial repair
        return o;
      }
      o = solveWritable(*e, withBlocked, protect, left(), more, {});
      if (o == Outcome::Found) return std::nullopt;  // its fixes and the chosen ones exclude each other
      if (o == Outcome::Timeout || mode != Mode::Solvable) return o;
      continue;
    }
    for (const auto& c : more) {
      if (std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
      chosen.push_back(c);
      chosenFor.push_back(satisfied.size());
    }
    satisfied.emplace_back(e, chosen.size());
    // A destination that held and reads a changed knob must hold still: it takes its turn.
    if (protect) {
      for (auto h = held.begin(); h != held.end();) {
        if (readsAny((*h)->knobs, more)) {
          todo.push_back(*h);
          h = held.erase(h);
        } else {
          ++h;
        }
      }
    }
  }
  if (satisfied.empty()) return Outcome::Unsatisfiable;  // every part left out
  // A change chosen later may undo an earlier destination's fix. A destination the concrete
  // check finds failing may be one the encoding gets wrong (the round's check rejects the
  // patch then); only Z3 finding its goals unmet is a conflict.
  for (const auto& [e, under] : satisfied) {
    std::vector<symsim::KnobChange> later(chosen.begin() + static_cast<long>(under), chosen.end());
    if (!readsAny(e->knobs, later) || holds(*e, chosen, protect, left(), concretely)) continue;
    if (!concretely || !holdsUnder(*e, chosen, protect, left())) return std::nullopt;
  }
  // A change chosen early may be one a later change makes unnecessary (two equally cheap fixes
  // for the first destination, only one of which also fixes the next). The destination it was
  // chosen for is asked first: usually it still needs it, and one check settles that.
  for (size_t i = 0; i < chosen.size();) {
    auto without = chosen;
    without.erase(without.begin() + static_cast<long>(i));
    std::vector<PrefixEncoding*> readers{satisfied[chosenFor[i]].first};
    for (const auto& [e, under] : satisfied)
      if (e != readers.front() && e->knobs.count(chosen[i].knob)) readers.push_back(e);
    bool needed = std::any_of(readers.begin(), readers.end(),
                              [&](const PrefixEncoding* e) { return !holds(*e, without, protect, left(), concretely); });
    if (needed) {
      ++i;
    } else {
      chosen = std::move(without);
      chosenFor.erase(chosenFor.begin() + static_cast<long>(i));
    }
  }
  // One destination at a time may settle on a re-added session to a farther reflector (the
  // first needed only a session, and any reflector's served), where the whole set could as
  // well use the nearest one, which Z3 prefers only when it sees both at once (solvePart's
  // "nearest"): the nearest takes its place if every destination still holds.
  for (size_t i = 0; i < chosen.size(); ++i) {
    auto moved = withNearerSession(chosen, i);
    if (!moved) continue;
    bool holdsStill = std::all_of(satisfied.begin(), satisfied.end(), [&](const auto& s) {
      return holds(*s.first, *moved, protect, left(), concretely);
    });
    if (holdsStill) {
      chosen = std::move(*moved);
      i = static_cast<size_t>(-1);  // knob order changed: look again from the start
    }
  }
  std::sort(chosen.begin(), chosen.end(), byKnob);
  if (std::find(blocked_changes_.begin(), blocked_changes_.end(), chosen) != blocked_changes_.end())
    return std::nullopt;
  changes = std::move(chosen);
  return Outcome::Found;
}

KnobSearch::Outcome KnobSearch::solveWritable(PrefixEncoding& enc, bool withBlocked, bool protect, double seconds,
                                              std::vector<symsim::KnobChange>& more,
                                              const std::vector<symsim::KnobChange>& fixed) {
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    double left = seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (left <= 0) return Outcome::Timeout;
    Outcome o = solvePart({&enc}, withBlocked, protect, left, more, fixed);
    if (o != Outcome::Found || !writable_check_) return o;
    auto all = fixed;
    for (const auto& c : more)
      if (std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
    auto unwritable = writable_check_(all);
    // A fixed change that cannot be written is the round's to report; a change of this answer
    // is frozen (kept at its value) and the destination solved without it.
    if (!unwritable ||
        std::none_of(more.begin(), more.end(), [&](const symsim::KnobChange& c) { return c.knob == *unwritable; }))
      return o;
    freeze(*unwritable);
  }
}

// Whether the encoding's goals hold with exactly these changes: a satisfiability check with
// every knob it reads fixed.
bool KnobSearch::holdsUnder(const PrefixEncoding& enc, const std::vector<symsim::KnobChange>& changes, bool protect,
                            double seconds) {
  if (seconds <= 0) return false;
  ++fixed_knob_checks_;
  // With every knob a constant, substituting them first leaves little to search: 0.04 s a
  // check, where the default solver took 0.45 s and z3::optimize 0.08 s (19-router network).
  z3::solver s = (z3::tactic(ctx_, "simplify") & z3::tactic(ctx_, "propagate-values") &
                  z3::tactic(ctx_, "solve-eqs") & z3::tactic(ctx_, "smt"))
                     .mk_solver();
  z3::params p(ctx_);
  p.set("timeout", static_cast<unsigned>(std::max(1.0, seconds * 1000)));
  s.set(p);
  s.add(enc.constraints());
  for (const auto& c : enc.required) s.add(c);
  if (protect)
    for (const auto& c : enc.protected_) s.add(c);
  for (size_t k : enc.knobs) {
    auto c = std::find_if(changes.begin(), changes.end(), [&](const symsim::KnobChange& x) { return x.knob == k; });
    s.add(c == changes.end() ? knobs_.keepsOriginal(k) : knobs_.equals(k, c->value));
  }
  return s.check() == z3::sat;
}

bool KnobSearch::holds(const PrefixEncoding& enc, const std::vector<symsim::KnobChange>& changes, bool protect,
                       double seconds, bool concretely) {
  if (concretely && seconds > 0) {
    if (auto holding = concrete_check_(changes)) {
      auto all = [&](const std::vector<size_t>& intents) {
        return std::all_of(intents.begin(), intents.end(), [&](size_t i) { return (*holding)[i]; });
      };
      return all(enc.required_intents) && (!protect || all(enc.protected_intents));
    }
  }
  return holdsUnder(enc, changes, protect, seconds);
}

// Z3's check of one destination with every knob fixed grows about with the square of the
// knobs its encoding reads (0.35 s at 260 knobs, 0.02 s at 60: the 34-router Arnes zoo network
// and the 150-router eBGP WAN); the concrete check is about one simulation and grows with the
// routing-table entries (0.03 s at 2,500 on Arnes, ~3 s at 560,000 on the 750-router WAN). A
// solve asks about each failing destination once or twice and runs the concrete check about
// once per change it chooses, so the concrete check is taken where the destinations' squared
// knob counts add up to more than a few simulations' worth.
bool KnobSearch::concreteCheckCheaper(const std::vector<PrefixEncoding*>& encodings) const {
  if (!concrete_check_) return false;
  const double knobsSquaredPerRoute = 10;  // ~5 checks x (1e-5 s a route / 5e-6 s a knob squared)
  double symbolic = 0;
  for (const auto* e : encodings) symbolic += static_cast<double>(e->knobs.size() * e->knobs.size());
  return symbolic > knobsSquaredPerRoute * static_cast<double>(concrete_routes_);
}

// Destinations solved jointly where their fixes conflict: one part per failing destination
// first. Parts whose changes are on one router (most likely one error seen from several
// destinations: one fix, not one each) or that change a knob another part's encoding reads
// while that part's optimum kept it are merged and solved again; a held destination's
// encoding joins a part that changes a knob it reads.
KnobSearch::Outcome KnobSearch::solveMerged(bool protect, bool withBlocked, double seconds, Mode mode,
                                            std::vector<symsim::KnobChange>& changes) {
  struct Part {
    std::vector<PrefixEncoding*> encodings;
    std::set<size_t> knobs;  // read by its encodings
    std::vector<symsim::KnobChange> changes;
    bool solved = false;
    bool dropped = false;  // Mode::Solvable: no fix of its own
  };
  std::vector<Part> parts;
  std::vector<PrefixEncoding*> held;
  for (auto* e : allEncodings()) {
    if (e->required.empty()) held.push_back(e);
    else parts.push_back({{e}, e->knobs, {}, false, false});
  }
  auto changesKnob = [](const Part& p, size_t knob, int64_t value) {
    return std::any_of(p.changes.begin(), p.changes.end(),
                       [&](const symsim::KnobChange& c) { return c.knob == knob && c.value == value; });
  };
  auto conflict = [&](const Part& a, const Part& b) {
    for (const auto& c : a.changes) {
      if (b.knobs.count(c.knob) && !changesKnob(b, c.knob, c.value)) return true;
      for (const auto& d : b.changes)
        if (d.knob != c.knob && knobs_.knob(d.knob).node == knobs_.knob(c.knob).node) return true;
    }
    return false;
  };
  auto start = std::chrono::steady_clock::now();
  for (bool merged = true; merged;) {
    for (auto& p : parts) {
      if (p.solved) continue;
      double left = seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left <= 0) return Outcome::Timeout;
      Outcome o = solvePart(p.encodings, withBlocked, protect, left, p.changes);
      p.solved = true;
      if (o == Outcome::Unsatisfiable && mode == Mode::Solvable) {
        p.dropped = true;
        continue;
      }
      if (o != Outcome::Found) return o;
    }
    merged = false;
    for (size_t a = 0; a < parts.size() && !merged; ++a) {
      if (parts[a].dropped) continue;
      for (size_t b = a + 1; b < parts.size() && !merged; ++b) {
        if (parts[b].dropped) continue;
        if (!conflict(parts[a], parts[b]) && !conflict(parts[b], parts[a])) continue;
        parts[a].encodings.insert(parts[a].encodings.end(), parts[b].encodings.begin(), parts[b].encodings.end());
        parts[a].knobs.insert(parts[b].knobs.begin(), parts[b].knobs.end());
        parts[a].solved = false;
        parts.erase(parts.begin() + static_cast<long>(b));
        merged = true;
      }
      if (!protect || merged) continue;
      auto h = std::find_if(held.begin(), held.end(), [&](const PrefixEncoding* e) { return readsAny(e->knobs, parts[a].changes); });
      if (h == held.end()) continue;
      parts[a].encodings.push_back(*h);
      parts[a].knobs.insert((*h)->knobs.begin(), (*h)->knobs.end());
      parts[a].solved = false;
      held.erase(h);
      merged = true;
    }
  }
  if (std::all_of(parts.begin(), parts.end(), [](const Part& p) { return p.dropped; })) return Outcome::Unsatisfiable;
  for (const auto& p : parts) changes.insert(changes.end(), p.changes.begin(), p.changes.end());
  auto sameKnob = [](const symsim::KnobChange& a, const symsim::KnobChange& b) { return a.knob == b.knob; };
  std::sort(changes.begin(), changes.end(), byKnob);
  changes.erase(std::unique(changes.begin(), changes.end(), sameKnob), changes.end());
  return Outcome::Found;
}

}  // namespace routefix::repair
