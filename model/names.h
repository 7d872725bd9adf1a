// Device, interface and policy names compare without regard to case: configs and the
// snapshot's JSON files spell the same name "R1" in one place and "r1" in another.
#pragma once

#include <string>
#include <string_view>

namespace routefix::model {

std::string lowercase(std::string_view s);
bool equalsIgnoreCase(std::string_view a, std::string_view b);

}  // namespace routefix::model
