// One device's files -> the model, through the parser of the detected vendor family.
#include "parser/parser.h"

namespace routefix::parser {

DeviceParse parseDevice(const std::vector<ConfigFile>& files) {
  model::Vendor vendor = detectVendor(files);
  switch (vendor) {
    case model::Vendor::Junos:
      return parseJunos(files);
    case model::Vendor::Ios:
    case model::Vendor::Frr:
    case model::Vendor::Eos:
    case model::Vendor::Nxos:
      break;
  }
  return parseIosFamily(files, vendor);
}

}  // namespace routefix::parser
