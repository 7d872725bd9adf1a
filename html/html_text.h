// Text from configs, intents files and file names, made safe to put into an HTML page. That
// text is hostile (anyone who can open a merge request writes it): markup characters become
// entities, and bytes a page must not carry (control characters but tab and newline, DEL, C1
// controls, invalid UTF-8) are shown as \xNN, as routefix's terminal output shows them.
#pragma once

#include <string>
#include <string_view>

namespace routefix::html {

// Safe in element content and in quoted attribute values.
std::string escape(std::string_view text);

}  // namespace routefix::html
