#include "model/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iterator>

#include "model/input_error.h"

namespace routefix::model {

namespace fs = std::filesystem;

namespace {

std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a regular file";
}

// Why `path` cannot be stat'ed, in words: a dangling link reads better than ENOENT.
std::string missingReason(const fs::path& path, int error) {
  struct stat link;
  if (error == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
    return "it is a dangling symbolic link";
  if (error == ELOOP) return "symbolic link loop";
  if (error == ENOENT) return "it does not exist";
  return std::strerror(error);
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string readInputFile(const fs::path& path, const std::string& label, std::uintmax_t maxBytes) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    throw InputError("cannot read file: " + missingReason(path, errno), label);
  // Checked before open(): opening a FIFO would block until someone writes to it.
  if (!S_ISREG(st.st_mode)) throw InputError("cannot read file: it is " + kindOf(st.st_mode), label);
  // O_NONBLOCK: should the file turn into a FIFO between stat and open, open does not hang.
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) throw InputError(std::string("cannot read file: ") + std::strerror(errno), label);
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
    throw InputError("cannot read file: it is " + kindOf(st.st_mode), label);
  auto tooLarge = [&] {
    return InputError("file larger than " + std::to_string(maxBytes >> 20) + " MiB; refusing to read it", label);
  };
  if (static_cast<std::uintmax_t>(st.st_size) > maxBytes) throw tooLarge();
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError(std::string("error reading file: ") + std::strerror(errno), label);
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > maxBytes) throw tooLarge();  // it grew while read
    text.append(buffer, static_cast<size_t>(n));
  }
  return text;
}

bool isWithin(const fs::path& root, const fs::path& inner) {
  auto r = root.begin(), i = inner.begin();
  for (; r != root.end(); ++r, ++i) {
    if (r->empty() && std::next(r) == root.end()) break;  // a trailing "/" in root
    if (i == inner.end() || *r != *i) return false;
  }
  return true;
}

fs::path resolveInSnapshot(const fs::path& root, const fs::path& path, const std::string& label,
                           const SnapshotAccess& access) {
  std::error_code ec;
  fs::path real = fs::canonical(path, ec);
  if (ec) throw InputError("cannot read file: " + missingReason(path, ec.value()), label);
  if (access.allow_outside_links) return real;
  fs::path realRoot = fs::canonical(root, ec);
  if (ec) throw InputError("cannot resolve the snapshot directory: " + ec.message(), root.string());
  if (!isWithin(realRoot, real))
    throw InputError("refused: a symbolic link leads outside the snapshot (to " + real.string() +
                         "); pass --allow-outside-links to read it",
                     label);
  return real;
}

}  // namespace routefix::model
