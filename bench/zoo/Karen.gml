graph [
  DateObtained "22/10/10"
  GeoLocation "New Zealand"
  GeoExtent "Country"
  Network "KAREN"
  Provenance "Primary"
  Note "Does VC count as Customer? Transit status unclear. Names using http://weathermap.karen.net.nz/"
  Source "http://www.karen.net.nz/topology/"
  Version "1.0"
  DateType "Historic"
  Type "REN"
  Backbone 1
  Commercial 0
  label "Karen"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 0
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "="
  DateMonth "12"
  LastAccess "3/08/10"
  Access 0
  Layer "IP"
  Creator "Topology Zoo Toolset"
  Developed 1
  Transit 0
  NetworkDate "2010_12"
  DateYear "2010"
  LastProcessed "2011_09_01"
  Testbed 0
  multigraph 1
  node [
    id 0
    label "WLG"
    Country "New Zealand"
    Longitude 174.77557
    Internal 1
    Latitude -41.28664
  ]
  node [
    id 1
    label "DUD"
    Country "New Zealand"
    Longitude 170.50361
    Internal 1
    Latitude -45.87416
  ]
  node [
    id 2
    label "AVL"
    Country "New Zealand"
    Longitude 174.92019
    Internal 1
    Latitude -41.19827
  ]
  node [
    id 3
    label "PNR"
    Country "New Zealand"
    Longitude 175.61667
    Internal 1
    Latitude -40.35
  ]
  node [
    id 4
    label "LCN"
    Country "New Zealand"
    Longitude 172.48333
    Internal 1
    Latitude -43.65
  ]
  node [
    id 5
    label "CHC"
    Country "New Zealand"
    Longitude 172.63333
    Internal 1
    Latitude -43.53333
  ]
  node [
    id 6
    label "IVM"
    Country "New Zealand"
    Longitude 170.3801
    Internal 1
    Latitude -45.84838
  ]
  node [
    id 7
    label "INV"
    Country "New Zealand"
    Longitude 168.35
    Internal 1
    Latitude -46.4
  ]
  node [
    id 8
    label "TPO"
    Country "New Zealand"
    Longitude 170.5
    Internal 1
    Latitude -44.01667
  ]
  node [
    id 9
    label "NLS"
    Country "New Zealand"
    Longitude 173.28333
    Internal 1
    Latitude -41.28333
  ]
  node [
    id 10
    label "Syd"
    Internal 0
  ]
  node [
    id 11
    label "MTA"
    Country "New Zealand"
    Longitude 174.72019
    Internal 1
    Latitude -36.8782
  ]
  node [
    id 12
    label "NPL"
    Country "New Zealand"
    Longitude 174.08333
    Internal 1
    Latitude -39.06667
  ]
  node [
    id 13
    label "WAG"
    Country "New Zealand"
    Longitude 175.05
    Internal 1
    Latitude -39.93333
  ]
  node [
    id 14
    label "MUP"
    Country "New Zealand"
    Longitude 175.61667
    Internal 1
    Latitude -40.35
  ]
  node [
    id 15
    label "NSH"
    Country "New Zealand"
    Longitude 174.75
    Internal 1
    Latitude -36.8
  ]
  node [
    id 16
    label "WRK"
    Country "New Zealand"
    Longitude 174.66667
    Internal 1
    Latitude -36.4
  ]
  node [
    id 17
    label "LAX"
    Internal 0
  ]
  node [
    id 18
    label "TAU"
    Country "New Zealand"
    Longitude 176.16667
    Internal 1
    Latitude -37.68611
  ]
  node [
    id 19
    label "GIS"
    Country "New Zealand"
    Longitude 178.00417
    Internal 1
    Latitude -38.65333
  ]
  node [
    id 20
    label "POR"
    Country "New Zealand"
    Longitude 174.85
    Internal 1
    Latitude -41.13333
  ]
  node [
    id 21
    label "NAP"
    Country "New Zealand"
    Longitude 176.91667
    Internal 1
    Latitude -39.48333
  ]
  node [
    id 22
    label "ROT"
    Country "New Zealand"
    Longitude 176.24516
    Internal 1
    Latitude -38.13874
  ]
  node [
    id 23
    label "HLT"
    Country "New Zealand"
    Longitude 175.28333
    Internal 1
    Latitude -37.78333
  ]
  node [
    id 24
    label "AKL"
    Country "New Zealand"
    Longitude 174.76667
    Internal 1
    Latitude -36.86667
  ]
  edge [
    source 0
    target 1
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 0
    target 2
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 0
    target 3
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 0
    target 5
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 0
    target 9
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 1
    target 4
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 1
    target 6
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 1
    target 6
    LinkSpeed "10"
    LinkSpeedUnits "G"
    LinkLabel "10Gb/s (planning)"
    LinkStatus "Planning"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 1
    target 7
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 2
    target 20
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 2
    target 14
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 3
    target 24
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 3
    target 12
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 3
    target 13
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 3
    target 14
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 5
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 5
    target 8
    LinkSpeed "1"
    LinkLabel "1gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 5
    target 9
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 10
    target 24
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 11
    target 24
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 14
    target 21
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 15
    target 16
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 15
    target 24
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 15
    target 24
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 17
    target 24
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 18
    target 22
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 19
    target 21
    LinkSpeed "1"
    LinkLabel "1Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 21
    target 22
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 22
    target 23
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 23
    target 24
    LinkSpeed "10"
    LinkLabel "10Gb/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
]
