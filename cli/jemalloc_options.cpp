// Options jemalloc reads at startup (this file is linked only together with jemalloc, see
// CMakeLists.txt). A large fabric's RIBs and parse trees are hundreds of MiB of small objects
// touched once or twice: on 4 KiB pages the simulation spends about a fifth of its CPU time
// in TLB misses and page faults. Transparent huge pages for the heap and for jemalloc's
// metadata took `routes --node e0-0` on the k=32 fat-tree from 2.96 s to 2.35 s of CPU
// (peak 254 -> 266 MiB). Where THP is disabled system-wide the option does nothing.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "thp:always,metadata_thp:always";
}
