// UTF-8 validity, byte by byte: the binary-file test of the loader and the output escaping of
// the CLI judge bytes the same way.
#pragma once

#include <cstddef>
#include <string_view>

namespace routefix::model {

inline constexpr int kUtf8Invalid = 0;
inline constexpr int kUtf8Truncated = -1;

// Length of the well-formed UTF-8 sequence starting at s[i] (1 for ASCII); kUtf8Invalid for
// a byte no such sequence starts with (overlong forms and surrogates included);
// kUtf8Truncated when s ends inside a sequence that is well-formed so far.
int utf8SequenceLength(std::string_view s, size_t i);

// Whether every sequence of `s` is well-formed.
bool isValidUtf8(std::string_view s);

}  // namespace routefix::model
