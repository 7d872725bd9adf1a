graph [
  DateObtained "22/10/10"
  GeoLocation "Sweden"
  GeoExtent "Country"
  Network "OPTOSUNET"
  Provenance "Primary"
  Access 0
  Source "http://basun.sunet.se/aktuellt/optosunetbroschyr_eng.pdf"
  Version "1.0"
  DateType "Current"
  Type "REN"
  Backbone 1
  Commercial 0
  label "Sunet"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 0
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "="
  DateMonth "10"
  LastAccess "21/10/10"
  Layer "Fibre"
  Creator "Topology Zoo Toolset"
  Developed 1
  Transit 0
  NetworkDate "2010_10"
  DateYear "2010"
  LastProcessed "2011_09_01"
  Testbed 0
  multigraph 1
  node [
    id 0
    label "Goteborg"
    Country "Sweden"
    Longitude 11.96679
    Internal 1
    Latitude 57.70716
  ]
  node [
    id 1
    label "Skovde"
    Country "Sweden"
    Longitude 13.84506
    Internal 1
    Latitude 58.39118
  ]
  node [
    id 2
    label "Orebro"
    Country "Sweden"
    Longitude 15.2066
    Internal 1
    Latitude 59.27412
  ]
  node [
    id 3
    label "Karlstad"
    Country "Sweden"
    Longitude 13.50357
    Internal 1
    Latitude 59.3793
  ]
  node [
    id 4
    label "Halmstad"
    Country "Sweden"
    Longitude 12.85676
    Internal 1
    Latitude 56.67446
  ]
  node [
    id 5
    label "Linkoping"
    Country "Sweden"
    Longitude 15.61667
    Internal 1
    Latitude 58.41667
  ]
  node [
    id 6
    label "Boras"
    Country "Sweden"
    Longitude 12.9401
    Internal 1
    Latitude 57.72101
  ]
  node [
    id 7
    label "Trollhattan"
    Country "Sweden"
    Longitude 12.28864
    Internal 1
    Latitude 58.28365
  ]
  node [
    id 8
    label "Jonkoping"
    Country "Sweden"
    Longitude 14.15618
    Internal 1
    Latitude 57.78145
  ]
  node [
    id 9
    label "Vaxjo"
    Country "Sweden"
    Longitude 14.81667
    Internal 1
    Latitude 56.86667
  ]
  node [
    id 10
    label "Lund"
    Country "Sweden"
    Longitude 13.19321
    Internal 1
    Latitude 55.70584
  ]
  node [
    id 11
    label "Kristianstad"
    Country "Sweden"
    Longitude 14.15242
    Internal 1
    Latitude 56.03129
  ]
  node [
    id 12
    label "Ronneby"
    Country "Sweden"
    Longitude 15.27602
    Internal 1
    Latitude 56.20999
  ]
  node [
    id 13
    label "Kalmar"
    Country "Sweden"
    Longitude 16.36163
    Internal 1
    Latitude 56.66157
  ]
  node [
    id 14
    label "Visby"
    Country "Sweden"
    Longitude 18.29602
    Internal 1
    Latitude 57.64089
  ]
  node [
    id 15
    label "Malmo"
    Country "Sweden"
    Longitude 13.00073
    Internal 1
    Latitude 55.60587
  ]
  node [
    id 16
    label "Stockholm"
    Country "Sweden"
    Longitude 18.0649
    Internal 1
    Latitude 59.33258
  ]
  node [
    id 17
    label "Vasten"
    Country "Sweden"
    Longitude 23.16667
    Internal 1
    Latitude 65.85
  ]
  node [
    id 18
    label "Kiruna"
    Country "Sweden"
    Longitude 20.22513
    Internal 1
    Latitude 67.85572
  ]
  node [
    id 19
    label "Lulea"
    Country "Sweden"
    Longitude 22.15465
    Internal 1
    Latitude 65.58415
  ]
  node [
    id 20
    label "None"
    hyperedge 1
    Internal 1
  ]
  node [
    id 21
    label "Umea"
    Country "Sweden"
    Longitude 20.25972
    Internal 1
    Latitude 63.82842
  ]
  node [
    id 22
    label "Sundsvall"
    Country "Sweden"
    Longitude 17.3063
    Internal 1
    Latitude 62.39129
  ]
  node [
    id 23
    label "Gavle"
    Country "Sweden"
    Longitude 17.14174
    Internal 1
    Latitude 60.67452
  ]
  node [
    id 24
    label "Borlange"
    Country "Sweden"
    Longitude 15.43714
    Internal 1
    Latitude 60.4858
  ]
  node [
    id 25
    label "Uppsala"
    Country "Sweden"
    Longitude 17.64543
    Internal 1
    Latitude 59.8585
  ]
  edge [
    source 0
    target 4
    LinkLabel "red"
  ]
  edge [
    source 0
    target 6
    LinkLabel "green"
  ]
  edge [
    source 0
    target 6
    LinkLabel "red"
  ]
  edge [
    source 0
    target 7
    LinkLabel "green"
  ]
  edge [
    source 1
    target 2
    LinkLabel "green"
  ]
  edge [
    source 1
    target 6
    LinkLabel "green"
  ]
  edge [
    source 1
    target 7
    LinkLabel "green"
  ]
  edge [
    source 1
    target 7
    LinkLabel "red"
  ]
  edge [
    source 2
    target 24
    LinkLabel "green"
  ]
  edge [
    source 2
    target 3
    LinkLabel "green"
  ]
  edge [
    source 2
    target 3
    LinkLabel "red"
  ]
  edge [
    source 2
    target 17
    LinkLabel "red"
  ]
  edge [
    source 2
    target 17
    LinkLabel "green"
  ]
  edge [
    source 3
    target 7
    LinkLabel "red"
  ]
  edge [
    source 4
    target 10
    LinkLabel "green"
  ]
  edge [
    source 5
    target 16
    LinkLabel "green"
  ]
  edge [
    source 5
    target 16
    LinkLabel "red"
  ]
  edge [
    source 5
    target 8
    LinkLabel "green"
  ]
  edge [
    source 5
    target 8
    LinkLabel "red"
  ]
  edge [
    source 8
    target 9
    LinkLabel "red"
  ]
  edge [
    source 8
    target 9
    LinkLabel "green"
  ]
  edge [
    source 9
    target 10
    LinkLabel "green"
  ]
  edge [
    source 9
    target 13
    LinkLabel "red"
  ]
  edge [
    source 10
    target 15
    LinkLabel "green"
  ]
  edge [
    source 10
    target 15
    LinkLabel "red"
  ]
  edge [
    source 11
    target 12
    LinkLabel "red"
  ]
  edge [
    source 11
    target 12
    LinkLabel "green"
  ]
  edge [
    source 11
    target 15
    LinkLabel "green"
  ]
  edge [
    source 11
    target 15
    LinkLabel "red"
  ]
  edge [
    source 12
    target 13
    LinkLabel "red"
  ]
  edge [
    source 12
    target 13
    LinkLabel "green"
  ]
  edge [
    source 14
    target 16
    LinkLabel "red"
  ]
  edge [
    source 14
    target 16
    LinkLabel "green"
  ]
  edge [
    source 16
    target 17
    LinkLabel "red"
  ]
  edge [
    source 16
    target 17
    LinkLabel "green"
  ]
  edge [
    source 16
    target 25
    LinkLabel "red"
  ]
  edge [
    source 16
    target 25
    LinkLabel "green"
  ]
  edge [
    source 18
    target 19
    LinkLabel "green"
  ]
  edge [
    source 18
    target 19
    LinkLabel "red"
  ]
  edge [
    source 19
    target 20
    LinkLabel "red"
  ]
  edge [
    source 19
    target 21
    LinkLabel "green"
  ]
  edge [
    source 20
    target 21
    LinkLabel "red"
  ]
  edge [
    source 20
    target 22
    LinkLabel "red"
  ]
  edge [
    source 21
    target 22
    LinkLabel "green"
  ]
  edge [
    source 22
    target 23
    LinkLabel "red"
  ]
  edge [
    source 22
    target 23
    LinkLabel "green"
  ]
  edge [
    source 23
    target 24
    LinkLabel "red"
  ]
  edge [
    source 23
    target 25
    LinkLabel "red"
  ]
  edge [
    source 23
    target 25
    LinkLabel "green"
  ]
]
