graph [
  DateObtained "29/03/2012"
  GeoLocation "Europe"
  GeoExtent "Continent"
  Network "GEANT"
  Provenance "Primary"
  Access 0
  Source "http://www.geant.net/Media_Centre/Media_Library/Pages/Maps.aspx"
  Version "1.0"
  Type "REN"
  DateType "Current"
  Backbone 1
  Commercial 0
  label "Geant2012"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 0
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "="
  DateMonth "03"
  LastAccess "3/08/29/03/2012"
  Layer "IP"
  Creator "Topology Zoo Toolset"
  Developed 1
  Transit 1
  NetworkDate "2012_03"
  DateYear "2012"
  LastProcessed "2012_03_29"
  Testbed 1
  node [
    id 0
    label "NL"
    Country "Netherlands"
    Longitude 4.88969
    Internal 1
    Latitude 52.37403
  ]
  node [
    id 1
    label "BE"
    Country "Belgium"
    Longitude 4.34878
    Internal 1
    Latitude 50.85045
  ]
  node [
    id 2
    label "DK"
    Country "Denmark"
    Longitude 12.56553
    Internal 1
    Latitude 55.67594
    type "NORDUNet"
  ]
  node [
    id 3
    label "PL"
    Country "Poland"
    Longitude 16.96667
    Internal 1
    Latitude 52.41667
  ]
  node [
    id 4
    label "DE"
    Country "Germany"
    Longitude 8.68333
    Internal 1
    Latitude 50.11667
  ]
  node [
    id 5
    label "CZ"
    Country "Czech Republic"
    Longitude 14.42076
    Internal 1
    Latitude 50.08804
  ]
  node [
    id 6
    label "LU"
    Country "Luxembourg"
    Longitude 6.13
    Internal 1
    Latitude 49.61167
  ]
  node [
    id 7
    label "FR"
    Country "France"
    Longitude 2.3488
    Internal 1
    Latitude 48.85341
  ]
  node [
    id 8
    label "CH"
    Country "Switzerland"
    Longitude 7.44744
    Internal 1
    Latitude 46.94809
  ]
  node [
    id 9
    label "IT"
    Country "Italy"
    Longitude 9.18951
    Internal 1
    Latitude 45.46427
  ]
  node [
    id 10
    label "UA"
    Internal 1
  ]
  node [
    id 11
    label "MD"
    Internal 1
  ]
  node [
    id 12
    label "BG"
    Country "Bulgaria"
    Longitude 23.32415
    Internal 1
    Latitude 42.69751
  ]
  node [
    id 13
    label "RO"
    Country "Romania"
    Longitude 26.10626
    Internal 1
    Latitude 44.43225
  ]
  node [
    id 14
    label "TR"
    geocode_country "Turkey"
    Country "Turkey"
    Longitude 34.91155
    Internal 1
    Latitude 39.05901
  ]
  node [
    id 15
    label "GR"
    Country "Greece"
    Longitude 23.71622
    Internal 1
    Latitude 37.97945
  ]
  node [
    id 16
    label "CY"
    Country "Cyprus"
    Longitude 33.36667
    Internal 1
    Latitude 35.16667
  ]
  node [
    id 17
    label "IL"
    geocode_country "Israel"
    Country "Israel"
    Longitude 34.75
    Internal 1
    Latitude 31.5
  ]
  node [
    id 18
    label "MT"
    Country "Malta"
    Longitude 14.42556
    Internal 1
    Latitude 35.90917
  ]
  node [
    id 19
    label "BY"
    Internal 1
  ]
  node [
    id 20
    label "MK"
    Country "Macedonia"
    Longitude 21.43333
    Internal 1
    Latitude 42.0
  ]
  node [
    id 21
    label "ME"
    Country "Montenegro"
    Longitude 19.26361
    Internal 1
    Latitude 42.44111
  ]
  node [
    id 22
    label "HU"
    Country "Hungary"
    Longitude 19.03991
    Internal 1
    Latitude 47.49801
  ]
  node [
    id 23
    label "SK"
    Country "Slovakia"
    Longitude 17.10674
    Internal 1
    Latitude 48.14816
  ]
  node [
    id 24
    label "PT"
    Country "Portugal"
    Longitude -9.13333
    Internal 1
    Latitude 38.71667
  ]
  node [
    id 25
    label "ES"
    Country "Spain"
    Longitude -3.70256
    Internal 1
    Latitude 40.4165
  ]
  node [
    id 26
    label "RS"
    Country "Serbia"
    Longitude 20.46513
    Internal 1
    Latitude 44.80401
  ]
  node [
    id 27
    label "HR"
    Country "Croatia"
    Longitude 15.97798
    Internal 1
    Latitude 45.81444
  ]
  node [
    id 28
    label "SL"
    Country "Slovenia"
    Longitude 14.50513
    Internal 1
    Latitude 46.05108
  ]
  node [
    id 29
    label "AT"
    Country "Austria"
    Longitude 16.37208
    Internal 1
    Latitude 48.20849
  ]
  node [
    id 30
    label "LT"
    Country "Lithuania"
    Longitude 23.9
    Internal 1
    Latitude 54.9
  ]
  node [
    id 31
    label "RU"
    Country "Russia"
    Longitude 37.61556
    Internal 1
    geocode_id "524901"
    Latitude 55.75222
  ]
  node [
    id 32
    label "IS"
    Country "Iceland"
    Longitude -21.89541
    Internal 1
    Latitude 64.13548
    type "NORDUNet"
  ]
  node [
    id 33
    label "IE"
    Country "Ireland"
    Longitude -6.26719
    Internal 1
    Latitude 53.34399
  ]
  node [
    id 34
    label "UK"
    Country "United Kingdom"
    Longitude -0.12574
    Internal 1
    Latitude 51.50853
  ]
  node [
    id 35
    label "NO"
    geocode_country "Norway"
    Country "Norway"
    Longitude 10.0
    Internal 1
    Latitude 62.0
    type "NORDUNet"
  ]
  node [
    id 36
    label "SE"
    Country "Sweden"
    Longitude 18.0649
    Internal 1
    Latitude 59.33258
    type "NORDUNet"
  ]
  node [
    id 37
    label "FI"
    Country "Finland"
    Longitude 22.26869
    Internal 1
    Latitude 60.45148
    type "NORDUNet"
  ]
  node [
    id 38
    label "EE"
    Country "Estonia"
    Longitude 24.75353
    Internal 1
    Latitude 59.43696
  ]
  node [
    id 39
    label "LV"
    Country "Latvia"
    Longitude 24.10589
    Internal 1
    Latitude 56.946
  ]
  edge [
    source 0
    target 1
    id "e59"
  ]
  edge [
    source 0
    target 2
    id "e5"
  ]
  edge [
    source 0
    target 4
    id "e6"
  ]
  edge [
    source 0
    target 34
    LinkSpeed "2.5"
    LinkLabel "2.5 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 2500000000.0
  ]
  edge [
    source 0
    target 30
    LinkSpeed "2.5"
    LinkLabel "2.5 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 2500000000.0
  ]
  edge [
    source 1
    target 33
    id "e9"
  ]
  edge [
    source 2
    target 32
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 2
    target 35
    id "e4"
  ]
  edge [
    source 2
    target 4
    id "e8"
  ]
  edge [
    source 2
    target 38
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 2
    target 36
    id "e3"
  ]
  edge [
    source 2
    target 31
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 3
    target 10
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 3
    target 19
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 3
    target 4
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 3
    target 5
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 3
    target 30
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 5
    id "e7"
  ]
  edge [
    source 4
    target 6
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 8
    id "e14"
  ]
  edge [
    source 4
    target 16
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 4
    target 17
    LinkSpeed "2.5"
    LinkLabel "2.5 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 2500000000.0
  ]
  edge [
    source 4
    target 29
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 31
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 5
    target 23
    id "e21"
  ]
  edge [
    source 6
    target 7
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 7
    target 8
    id "e11"
  ]
  edge [
    source 7
    target 25
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 7
    target 34
    id "e10"
  ]
  edge [
    source 8
    target 9
    id "e13"
  ]
  edge [
    source 8
    target 25
    id "e12"
  ]
  edge [
    source 9
    target 25
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 9
    target 18
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 9
    target 29
    id "e15"
  ]
  edge [
    source 9
    target 15
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 11
    target 13
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 12
    target 22
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 12
    target 20
    LinkSpeed "155"
    LinkLabel "155 Mbps"
    LinkSpeedUnits "M"
    LinkSpeedRaw 155000000.0
  ]
  edge [
    source 12
    target 13
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 12
    target 14
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 12
    target 15
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 13
    target 14
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 13
    target 22
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 15
    target 29
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 16
    target 34
    LinkSpeed "1"
    LinkLabel "1 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 17
    target 30
    LinkSpeed "2.5"
    LinkLabel "2.5 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 2500000000.0
  ]
  edge [
    source 21
    target 27
    LinkSpeed "155"
    LinkLabel "155 Mbps"
    LinkSpeedUnits "M"
    LinkSpeedRaw 155000000.0
  ]
  edge [
    source 22
    target 26
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 22
    target 27
    id "e19"
  ]
  edge [
    source 22
    target 23
    id "e18"
  ]
  edge [
    source 23
    target 29
    id "e17"
  ]
  edge [
    source 24
    target 25
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 24
    target 34
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 27
    target 28
    id "e20"
  ]
  edge [
    source 28
    target 29
    id "e16"
  ]
  edge [
    source 30
    target 39
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 32
    target 34
    LinkSpeed "2.5"
    LinkLabel "2.5 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 2500000000.0
  ]
  edge [
    source 33
    target 34
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 35
    target 36
    LinkType "Fibre"
    LinkLabel "Lit Fibre"
    LinkNote "Lit "
  ]
  edge [
    source 36
    target 37
    id "e2"
  ]
  edge [
    source 38
    target 39
    LinkSpeed "10"
    LinkLabel "10 Gbps"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
]
