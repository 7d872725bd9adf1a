// The processes of one run that `mpirun -np N routefix ...` started (issue 17): each reads the
// same snapshot and runs the same command, takes its share of the independent work items
// (failure scenarios), and learns every other process's results; rank 0 alone reports.
// Without MPI in the build, or when mpirun did not start the process, a group of one.
#pragma once

#include <string>
#include <vector>

namespace routefix::cluster {

class ProcessGroup {
 public:
  // The group of this process: the MPI job once a JobMembership exists, else a group of one.
  static const ProcessGroup& current();

  unsigned rank() const { return rank_; }
  unsigned size() const { return size_; }
  bool leader() const { return rank_ == 0; }

  // Every process's `mine`, in rank order. Collective: every process of the group calls it,
  // as often and in the same order.
  std::vector<std::string> allGather(const std::string& mine) const;

 private:
  friend class JobMembership;
  unsigned rank_ = 0;
  unsigned size_ = 1;
};

// Whether this build can join an MPI job (ROUTEFIX_MPI at configure time).
bool builtWithMpi();

// Joins the MPI job when mpirun (or srun) started this process and the build has MPI; a
// no-op otherwise. One, early in main (after the signal thread, before any other thread); the
// process's other ranks' standard output and error go to /dev/null: rank 0 reports for all.
class JobMembership {
 public:
  JobMembership(int& argc, char**& argv);
  ~JobMembership();
  JobMembership(const JobMembership&) = delete;
  JobMembership& operator=(const JobMembership&) = delete;

  // Ends the process's part in the job with its exit code: an error exit (>= 2) aborts every
  // rank, since the others may be waiting for this one in allGather.
  int finish(int exitCode);

 private:
  bool joined_ = false;
  bool finished_ = false;
};

}  // namespace routefix::cluster
