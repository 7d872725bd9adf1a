#include "cli/process_safety.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>

#include "model/utf8.h"
#include "repair/temporary_directory.h"

namespace routefix::cli {

namespace {

// The first byte at or after `i` that is not printable ASCII, tab or newline (text.size() if
// none), eight bytes at a time: gigabytes of JSON pass through here, and a byte at a time
// took a fifth of `routes --format json`.
size_t nextSpecialByte(std::string_view text, size_t i) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHigh = 0x8080808080808080, kLow = 0x7f7f7f7f7f7f7f7f;
  // High bit of each byte of `x` (high bits clear) set where the byte equals `b`.
  auto equals = [](uint64_t x, uint64_t b) {
    uint64_t y = x ^ (kOnes * b);
    return ~(((y & kLow) + kLow) | y) & kHigh;
  };
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    uint64_t x = w & kLow;
    uint64_t control = ~((x | kHigh) - kOnes * 0x20) & kHigh;
    uint64_t special = (control & ~equals(x, '\n') & ~equals(x, '\t')) | (w & kHigh) | equals(x, 0x7f);
    if (special) return i + static_cast<size_t>(std::countr_zero(special)) / 8;
  }
  for (; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 || c >= 0x7f) && c != '\n' && c != '\t') return i;
  }
  return i;
}

// Passes text through to `dest`, writing each control character (but tab and newline), DEL,
// C1 control and byte that is not valid UTF-8 as the four characters \xNN.
class EscapingBuffer : public std::streambuf {
 public:
  explicit EscapingBuffer(std::streambuf* dest) : dest_(dest) {}
  // 0, or the errno of the first write that failed.
  int error() const { return error_; }
  // The output ends: a sequence still incomplete is not UTF-8.
  void finish() {
    for (char c : pending_) escape(c);
    pending_.clear();
    if (dest_->pubsync() != 0) fail();
  }

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    char c = traits_type::to_char_type(ch);
    xsputn(&c, 1);
    return error_ ? traits_type::eof() : ch;
  }

  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::string joined;
    std::string_view text(s, static_cast<size_t>(n));
    if (!pending_.empty()) {
      joined = pending_ + std::string(text);
      pending_.clear();
      text = joined;
    }
    size_t run = 0;  // start of the bytes not yet written
    for (size_t i = nextSpecialByte(text, 0); i < text.size(); i = nextSpecialByte(text, i)) {
      unsigned char c = static_cast<unsigned char>(text[i]);
      int length = c < 0x80 ? 0 : model::utf8SequenceLength(text, i);
      bool c1Control = length == 2 && c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
      if (length > 0 && !c1Control) {
        i += static_cast<size_t>(length);
        continue;
      }
      put(text.substr(run, i - run));
      if (length == model::kUtf8Truncated) {  // the rest of it comes with the next write
        pending_ = std::string(text.substr(i));
        return n;
      }
      size_t bad = c1Control ? 2 : 1;
      for (size_t k = 0; k < bad; ++k) escape(text[i + k]);
      i += bad;
      run = i;
    }
    put(text.substr(run));
    return n;
  }

  int sync() override {
    if (dest_->pubsync() != 0) fail();
    return error_ ? -1 : 0;
  }

 private:
  void put(std::string_view s) {
    if (!s.empty() && dest_->sputn(s.data(), static_cast<std::streamsize>(s.size())) !=
                          static_cast<std::streamsize>(s.size()))
      fail();
  }
  void fail() {
    if (!error_) error_ = errno ? errno : EIO;
  }
  void escape(char c) {
    static const char kHex[] = "0123456789abcdef";
    unsigned char b = static_cast<unsigned char>(c);
    char code[4] = {'\\', 'x', kHex[b >> 4], kHex[b & 0xf]};
    put(std::string_view(code, 4));
  }

  std::streambuf* dest_;
  std::string pending_;
  int error_ = 0;
};

std::atomic<bool> terminating{false};

}  // namespace

void holdWhileTerminating() {
  // The signal thread ends the process; returning from main first would turn the death by
  // signal into an ordinary exit, maybe with an error from a copy that lost its folder.
  while (terminating) ::pause();
}

void installTerminationCleanup() {
  static sigset_t signals;
  sigemptyset(&signals);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, s);
  // Blocked here, inherited by every thread started later: only the waiter receives them,
  // and it runs ordinary code (no async-signal-safety limits) to clean up.
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([] {
    int sig = 0;
    if (sigwait(&signals, &sig) != 0) return;
    terminating = true;
    repair::removeLiveTemporaryDirectories();
    // Die of the signal, as the caller expects (exit status 128 + signal in a shell).
    ::signal(sig, SIG_DFL);
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
    ::raise(sig);
    ::_exit(128 + sig);
  }).detach();
}

SafeOutput::SafeOutput() : originalOut_(std::cout.rdbuf()), originalErr_(std::cerr.rdbuf()) {
  out_ = std::make_unique<EscapingBuffer>(originalOut_);
  err_ = std::make_unique<EscapingBuffer>(originalErr_);
  std::cout.rdbuf(out_.get());
  std::cerr.rdbuf(err_.get());
}

SafeOutput::~SafeOutput() {
  static_cast<EscapingBuffer*>(err_.get())->finish();
  std::cout.rdbuf(originalOut_);
  std::cerr.rdbuf(originalErr_);
}

int SafeOutput::finishStdout() {
  auto* out = static_cast<EscapingBuffer*>(out_.get());
  errno = 0;
  out->finish();
  if (out->error()) return out->error();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.bad()) return errno ? errno : EIO;
  return 0;
}

}  // namespace routefix::cli
