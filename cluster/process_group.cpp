#include "cluster/process_group.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

#ifdef ROUTEFIX_WITH_MPI
#include <mpi.h>
#endif

namespace routefix::cluster {
namespace {

ProcessGroup& mutableCurrent() {
  static ProcessGroup group;
  return group;
}

#ifdef ROUTEFIX_WITH_MPI
// Started by a launcher: Open MPI's mpirun, or a PMI/PMIx one (Slurm's srun, MPICH's
// mpiexec). A routefix run from a shell does not initialise MPI at all: no startup cost, and
// no MPI runtime is needed to run it.
bool startedByLauncher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

void check(int status, const char* call) {
  if (status != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + call + " failed");
}
#endif

}  // namespace

const ProcessGroup& ProcessGroup::current() { return mutableCurrent(); }

std::vector<std::string> ProcessGroup::allGather(const std::string& mine) const {
  if (size_ == 1) return {mine};
#ifdef ROUTEFIX_WITH_MPI
  int length = static_cast<int>(mine.size());
  if (mine.size() > static_cast<size_t>(INT32_MAX)) throw std::runtime_error("MPI: a result over 2 GB");
  std::vector<int> lengths(size_), offsets(size_);
  check(MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
  long total = 0;
  for (unsigned r = 0; r < size_; ++r) {
    offsets[r] = static_cast<int>(total);
    total += lengths[r];
    if (total > INT32_MAX) throw std::runtime_error("MPI: gathered results over 2 GB");
  }
  std::string all(static_cast<size_t>(total), '\0');
  check(MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                       MPI_COMM_WORLD),
        "MPI_Allgatherv");
  std::vector<std::string> parts;
  for (unsigned r = 0; r < size_; ++r) parts.push_back(all.substr(offsets[r], lengths[r]));
  return parts;
#else
  throw std::logic_error("a process group of several without MPI");
#endif
}

bool builtWithMpi() {
#ifdef ROUTEFIX_WITH_MPI
  return true;
#else
  return false;
#endif
}

JobMembership::JobMembership([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef ROUTEFIX_WITH_MPI
  if (!startedByLauncher()) return;
  check(MPI_Init(&argc, &argv), "MPI_Init");
  joined_ = true;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  auto& group = mutableCurrent();
  group.rank_ = static_cast<unsigned>(rank);
  group.size_ = static_cast<unsigned>(size);
  if (rank != 0) {
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
      close(null);
    }
  }
#endif
}

int JobMembership::finish(int exitCode) {
  if (finished_) return exitCode;
  finished_ = true;
#ifdef ROUTEFIX_WITH_MPI
  if (!joined_) return exitCode;
  if (exitCode >= 2 && mutableCurrent().size_ > 1) MPI_Abort(MPI_COMM_WORLD, exitCode);
  MPI_Finalize();
#endif
  return exitCode;
}

JobMembership::~JobMembership() { finish(0); }

}  // namespace routefix::cluster
