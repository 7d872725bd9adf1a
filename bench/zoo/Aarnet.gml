graph [
  DateObtained "2/12/10"
  GeoLocation "Australia"
  GeoExtent "Country"
  Network "AARNET"
  Provenance "Primary"
  Access 0
  Source "http://www.aarnet.edu.au/aarnet3.aspx"
  Version "1.0"
  Type "REN"
  DateType "Current"
  Backbone 1
  Commercial 0
  label "Aarnet"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 0
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "="
  DateMonth "08"
  LastAccess "3/08/10"
  Layer "IP"
  Creator "Topology Zoo Toolset"
  Developed 1
  Transit 0
  NetworkDate "2010_08"
  DateYear "2010"
  LastProcessed "2011_09_01"
  Testbed 0
  node [
    id 0
    label "Sydney1"
    Country "Australia"
    Longitude 151.20732
    Internal 1
    Latitude -33.86785
  ]
  node [
    id 1
    label "Brisbane2"
    Country "Australia"
    Longitude 153.02809
    Internal 1
    Latitude -27.46794
  ]
  node [
    id 2
    label "Canberra1"
    Country "Australia"
    Longitude 149.12807
    Internal 1
    Latitude -35.28346
  ]
  node [
    id 3
    label "Sydney2"
    Country "Australia"
    Longitude 151.20732
    Internal 1
    Latitude -33.86785
  ]
  node [
    id 4
    label "Townsville"
    Country "Australia"
    Longitude 146.8
    Internal 1
    Latitude -19.25
  ]
  node [
    id 5
    label "Cairns"
    Country "Australia"
    Longitude 145.76667
    Internal 1
    Latitude -16.91667
  ]
  node [
    id 6
    label "Brisbane1"
    Country "Australia"
    Longitude 153.02809
    Internal 1
    Latitude -27.46794
  ]
  node [
    id 7
    label "Rockhampton"
    Country "Australia"
    Longitude 150.5
    Internal 1
    Latitude -23.38333
  ]
  node [
    id 8
    label "Armidale"
    Country "Australia"
    Longitude 151.65
    Internal 1
    Latitude -30.51667
  ]
  node [
    id 9
    label "Hobart"
    Country "Australia"
    Longitude 147.32941
    Internal 1
    Latitude -42.87936
  ]
  node [
    id 10
    label "Canberra2"
    Country "Australia"
    Longitude 149.12807
    Internal 1
    Latitude -35.28346
  ]
  node [
    id 11
    label "Perth1"
    Country "Australia"
    Longitude 115.83333
    Internal 1
    Latitude -31.93333
  ]
  node [
    id 12
    label "Perth2"
    Country "Australia"
    Longitude 115.83333
    Internal 1
    Latitude -31.93333
  ]
  node [
    id 13
    label "Adelaide1"
    Country "Australia"
    Longitude 138.6
    Internal 1
    Latitude -34.93333
  ]
  node [
    id 14
    label "Adelaide2"
    Country "Australia"
    Longitude 138.6
    Internal 1
    Latitude -34.93333
  ]
  node [
    id 15
    label "Melbourne1"
    Country "Australia"
    Longitude 144.96332
    Internal 1
    Latitude -37.814
  ]
  node [
    id 16
    label "Melbourne2"
    Country "Australia"
    Longitude 144.96332
    Internal 1
    Latitude -37.814
  ]
  node [
    id 17
    label "Alice Springs"
    Country "Australia"
    Longitude 133.88333
    Internal 1
    Latitude -23.7
  ]
  node [
    id 18
    label "Darwin"
    Country "Australia"
    Longitude 130.84185
    Internal 1
    Latitude -12.46113
  ]
  edge [
    source 0
    target 10
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 0
    target 3
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 0
    target 6
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 1
    target 3
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 1
    target 6
    LinkLabel "< 10Gbps"
  ]
  edge [
    source 2
    target 10
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 2
    target 15
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 3
    target 8
    LinkLabel "< 1 Gbps"
  ]
  edge [
    source 3
    target 16
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 4
    target 5
    LinkLabel "< 2.5 Gbps"
  ]
  edge [
    source 4
    target 7
    LinkLabel "< 2.5 Gbps"
  ]
  edge [
    source 6
    target 7
    LinkLabel "< 2.5 Gbps"
  ]
  edge [
    source 9
    target 16
    LinkLabel "< 155 Mbps"
  ]
  edge [
    source 9
    target 15
    LinkLabel "< 155 Mbps"
  ]
  edge [
    source 11
    target 12
    id "e0"
  ]
  edge [
    source 11
    target 13
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 12
    target 14
    LinkLabel "< 2.5 Gbps"
  ]
  edge [
    source 13
    target 18
    LinkLabel "< 155 Mbps"
  ]
  edge [
    source 13
    target 14
    id "e3"
  ]
  edge [
    source 13
    target 15
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 14
    target 16
    LinkLabel "< 2.5 Gbps"
  ]
  edge [
    source 14
    target 17
    LinkLabel "< 155 Mbps"
  ]
  edge [
    source 15
    target 16
    LinkLabel "< 10 Gbps"
  ]
  edge [
    source 17
    target 18
    LinkLabel "< 155 Mbps"
  ]
]
