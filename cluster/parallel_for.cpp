#include "cluster/parallel_for.h"

#include <sched.h>

namespace routefix::cluster {

unsigned availableCpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0) return static_cast<unsigned>(count);
  }
  return std::max(std::thread::hardware_concurrency(), 1u);
}

}  // namespace routefix::cluster
