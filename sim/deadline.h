// A wall-clock limit on a run: the --timeout of every command that simulates, counted from
// the command's start. A simulation given one (SimulationOptions::deadline) tests it between
// two BGP prefixes and two OSPF shortest-path trees, so even one simulation of a large network
// ends about when it is due; failure scenarios test it between two simulations too, so a run
// with `failures: 1000000` ends when it is due.
#pragma once

#include <chrono>
#include <limits>
#include <optional>
#include <stdexcept>
#include <sstream>

namespace routefix::sim {

class Deadline {
 public:
  Deadline() = default;  // no limit
  static Deadline in(double seconds) {
    Deadline d;
    d.seconds_ = seconds;
    d.at_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    return d;
  }
  bool passed() const { return at_ && Clock::now() >= *at_; }
  // Seconds until it is due (<= 0 once passed); infinity without a limit.
  double secondsLeft() const {
    if (!at_) return std::numeric_limits<double>::infinity();
    return std::chrono::duration<double>(*at_ - Clock::now()).count();
  }
  double seconds() const { return seconds_; }  // the limit as given (0: none)
  // Throws TimeLimitExceeded once it has passed: what a simulation calls between two steps.
  void check() const;

 private:
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> at_;
  double seconds_ = 0;
};

// A check that passed its deadline before it could decide. The CLI prints the message and
// exits 2: neither "holds" (0) nor "violated" (1) would be true.
class TimeLimitExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline void Deadline::check() const {
  if (!passed()) return;
  std::ostringstream out;
  out << "the simulation did not finish within the time limit (--timeout " << seconds_
      << " s); nothing was decided";
  throw TimeLimitExceeded(out.str());
}

}  // namespace routefix::sim
