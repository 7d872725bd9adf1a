// Independent work items on a few threads (`--threads N`): the simulation's and the checks'
// units of work (a failure scenario, an intent) are pure functions of the model and the item,
// so they may run in any order; callers put the results back in item order, which keeps the
// output byte-identical to one thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace routefix::cluster {

// The CPUs this process may run on (its affinity mask: `taskset` and cgroup cpusets count),
// at least 1: the default for --threads.
unsigned availableCpus();

// Calls work(worker, item) for every item in [0, count) on up to `threads` threads (the
// caller's among them); `worker` in [0, threads) names the thread, so a worker can keep state
// of its own (a simulator) across items. Items are handed out in order, one at a time. The
// first exception a call throws stops the handing out and is rethrown here once every thread
// has finished its current item.
template <typename Work>
void parallelFor(size_t count, unsigned threads, Work&& work) {
  if (threads <= 1 || count <= 1) {
    for (size_t i = 0; i < count; ++i) work(0u, i);
    return;
  }
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto run = [&](unsigned worker) {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      try {
        work(worker, i);
      } catch (...) {
        std::lock_guard lock(failureMutex);
        if (!failure) failure = std::current_exception();
        next = count;
      }
    }
  };
  std::vector<std::thread> helpers;
  unsigned used = static_cast<unsigned>(std::min<size_t>(threads, count));
  for (unsigned w = 1; w < used; ++w) helpers.emplace_back(run, w);
  run(0);
  for (auto& t : helpers) t.join();
  if (failure) std::rethrow_exception(failure);
}

// parallelFor for work whose results are used in item order (output): produce(item) runs on
// the threads `window` items at a time, then consume(item, result) on the caller's thread in
// item order, so no more than `window` results are held at once.
template <typename Result, typename Produce, typename Consume>
void parallelForInOrder(size_t count, unsigned threads, size_t window, Produce&& produce, Consume&& consume) {
  window = std::max<size_t>(window, 1);
  std::vector<Result> results(std::min(count, window));
  for (size_t start = 0; start < count; start += window) {
    size_t n = std::min(window, count - start);
    parallelFor(n, threads, [&](unsigned, size_t i) { results[i] = produce(start + i); });
    for (size_t i = 0; i < n; ++i) consume(start + i, results[i]);
  }
}

}  // namespace routefix::cluster
