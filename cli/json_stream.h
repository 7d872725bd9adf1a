// A JSON writer that streams: values are laid out as they are written into a buffer that goes
// to the output stream in large blocks, so a document of gigabytes never exists in memory.
// Indented, it lays out objects and arrays exactly as nlohmann::json::dump(indent) does
// (the byte-for-byte form `routes --format json` has always had); with indent -1 it is compact,
// as dump() writes it. Object keys are written in the order given: a caller that must match
// nlohmann's sorted objects writes them sorted.
#pragma once

#include <cstdint>
#include <future>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "model/ip.h"

namespace routefix::cli {

// Members of a container formatted apart (on another thread), to be spliced into the
// document in order: their text and how many members it holds.
struct JsonFragment {
  std::string text;
  size_t members = 0;
};

class JsonStream {
 public:
  JsonStream(std::ostream& out, int indent);
  // A stream into a fragment: members of a container `depth` levels down (0: documents of
  // their own, NDJSON lines), laid out as the document's stream lays them out there.
  JsonStream(int indent, size_t depth);
  JsonStream(const JsonStream&) = delete;
  JsonStream& operator=(const JsonStream&) = delete;
  ~JsonStream();

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  void key(std::string_view name);

  void string(std::string_view text);
  void number(uint64_t value);
  void boolean(bool value);
  void null();
  // "10.0.0.1" / "10.0.0.0/24" as JSON strings, formatted without allocating.
  void address(model::Ipv4 ip);
  void prefix(const model::Prefix& p);

  // Ends the current line (NDJSON: one document per line); only between documents.
  void newline();
  // Hands the buffer to the stream (written in the background; the destructor waits).
  void flush();

  // A fragment stream's text; the stream is empty afterwards.
  JsonFragment takeFragment();
  // The fragment's members, as if written here: a comma before them unless they are the
  // container's first.
  void append(const JsonFragment& fragment);

 private:
  void beforeValue();
  void appendString(std::string_view text);
  void open(char bracket);
  void close(char bracket);
  void lineBreak(size_t depth);

  std::ostream* out_;  // null for a fragment
  int indent_;
  std::string buffer_;   // being formatted
  std::string writing_;  // being written by writer_
  std::future<void> writer_;
  std::vector<size_t> members_;  // per open container, how many members it has so far
  bool afterKey_ = false;
};

}  // namespace routefix::cli
