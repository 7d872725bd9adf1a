graph [
  DateObtained "19/10/10"
  GeoLocation "Slovenia"
  GeoExtent "Country"
  Network "ARNES"
  Provenance "Primary"
  Access 0
  Source "http://www.arnes.si/infrastruktura.html"
  Version "1.0"
  DateType "Dynamic"
  Type "REN"
  Backbone 1
  Commercial 0
  label "Arnes"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 1
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "="
  DateMonth "10"
  LastAccess "19/10/10"
  Layer "IP"
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
    label "Trbovlje"
    Country "Slovenia"
    Longitude 15.05333
    Internal 1
    Latitude 46.155
    type "Small Node"
  ]
  node [
    id 1
    label "Krsko"
    Country "Slovenia"
    Longitude 15.49167
    Internal 1
    Latitude 45.95915
    type "Small Node"
  ]
  node [
    id 2
    label "Celje"
    Country "Slovenia"
    Longitude 15.26044
    Internal 1
    Latitude 46.23092
    type "Small Node"
  ]
  node [
    id 3
    label "Lasko"
    Country "Slovenia"
    Longitude 15.23555
    Internal 1
    Latitude 46.15463
    type "Small Node"
  ]
  node [
    id 4
    label "Kranj"
    Country "Slovenia"
    Longitude 14.35561
    Internal 1
    Latitude 46.23887
    type "Small Node"
  ]
  node [
    id 5
    label "Bled"
    Country "Slovenia"
    Longitude 14.11361
    Internal 1
    Latitude 46.36917
    type "Small Node"
  ]
  node [
    id 6
    label "Novo Mesto"
    Country "Slovenia"
    Longitude 15.16886
    Internal 1
    Latitude 45.80397
    type "Small Node"
  ]
  node [
    id 7
    label "Ljubljana"
    Country "Slovenia"
    Longitude 14.50513
    Internal 1
    Latitude 46.05108
    type "Large Node"
  ]
  node [
    id 8
    label "Tolmin"
    Country "Slovenia"
    Longitude 13.73321
    Internal 1
    Latitude 46.18304
    type "Small Node"
  ]
  node [
    id 9
    label "Nova Gorica"
    Country "Slovenia"
    Longitude 13.64837
    Internal 1
    Latitude 45.95604
    type "Small Node"
  ]
  node [
    id 10
    label "Portoroz"
    Country "Slovenia"
    Longitude 13.59206
    Internal 1
    Latitude 45.51429
    type "Small Node"
  ]
  node [
    id 11
    label "Gornja Radgona"
    Country "Slovenia"
    Longitude 15.99222
    Internal 1
    Latitude 46.67333
    type "Small Node"
  ]
  node [
    id 12
    label "Radenci"
    Country "Slovenia"
    Longitude 16.03781
    Internal 1
    Latitude 46.64201
    type "Small Node"
  ]
  node [
    id 13
    label "Rogasja Slatina"
    Country "Slovenia"
    Longitude 15.63972
    Internal 1
    Latitude 46.2375
    type "Small Node"
  ]
  node [
    id 14
    label "Senozece"
    Country "Slovenia"
    Longitude 14.04111
    Internal 1
    Latitude 45.72111
    type "Small Node"
  ]
  node [
    id 15
    label "Jesenice"
    Country "Slovenia"
    Longitude 14.06694
    Internal 1
    Latitude 46.43056
    type "Small Node"
  ]
  node [
    id 16
    label "Sezana"
    Country "Slovenia"
    Longitude 13.87333
    Internal 1
    Latitude 45.70924
    type "Small Node"
  ]
  node [
    id 17
    label "Divaca"
    Country "Slovenia"
    Longitude 13.97028
    Internal 1
    Latitude 45.68472
    type "Small Node"
  ]
  node [
    id 18
    label "Postojna"
    Country "Slovenia"
    Longitude 14.21667
    Internal 1
    Latitude 45.77694
    type "Small Node"
  ]
  node [
    id 19
    label "Ajdovscina"
    Country "Slovenia"
    Longitude 13.90946
    Internal 1
    Latitude 45.88601
    type "Small Node"
  ]
  node [
    id 20
    label "Kovevje"
    Country "Slovenia"
    Longitude 14.86333
    Internal 1
    Latitude 45.64333
    type "Small Node"
  ]
  node [
    id 21
    label "Kamnik"
    Country "Slovenia"
    Longitude 14.61207
    Internal 1
    Latitude 46.22587
    type "Small Node"
  ]
  node [
    id 22
    label "Izola"
    Country "Slovenia"
    Longitude 13.66194
    Internal 1
    Latitude 45.53694
    type "Small Node"
  ]
  node [
    id 23
    label "Koper"
    Country "Slovenia"
    Longitude 13.72944
    Internal 1
    Latitude 45.54694
    type "Small Node"
  ]
  node [
    id 24
    label "Slovenj Gradec"
    Country "Slovenia"
    Longitude 15.08056
    Internal 1
    Latitude 46.51028
    type "Small Node"
  ]
  node [
    id 25
    label "Velenje"
    Country "Slovenia"
    Longitude 15.11028
    Internal 1
    Latitude 46.35917
    type "Small Node"
  ]
  node [
    id 26
    label "Murska Sobota"
    Country "Slovenia"
    Longitude 16.16639
    Internal 1
    Latitude 46.6625
    type "Small Node"
  ]
  node [
    id 27
    label "Ljutomer"
    Country "Slovenia"
    Longitude 16.1975
    Internal 1
    Latitude 46.52083
    type "Small Node"
  ]
  node [
    id 28
    label "Ormoz"
    Country "Slovenia"
    Longitude 16.15444
    Internal 1
    Latitude 46.41139
    type "Small Node"
  ]
  node [
    id 29
    label "Ptuj"
    Country "Slovenia"
    Longitude 15.87018
    Internal 1
    Latitude 46.42005
    type "Small Node"
  ]
  node [
    id 30
    label "Maribor"
    Country "Slovenia"
    Longitude 15.64667
    Internal 1
    Latitude 46.55472
    type "Large Node"
  ]
  node [
    id 31
    label "Slovenska Bistrica"
    Country "Slovenia"
    Longitude 15.57444
    Internal 1
    Latitude 46.39278
    type "Small Node"
  ]
  node [
    id 32
    label "Dravograd"
    Country "Slovenia"
    Longitude 15.01917
    Internal 1
    Latitude 46.58806
    type "Small Node"
  ]
  node [
    id 33
    label "Ravne na Koroskem"
    Country "Slovenia"
    Longitude 14.96917
    Internal 1
    Latitude 46.54306
    type "Small Node"
  ]
  edge [
    source 0
    target 3
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 0
    target 7
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 1
    target 13
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 1
    target 6
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 2
    target 25
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 2
    target 3
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 2
    target 21
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 2
    target 31
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 3
    target 30
    LinkSpeed "3"
    LinkLabel "3 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 3000000000.0
  ]
  edge [
    source 3
    target 7
    LinkSpeed "3"
    LinkLabel "3 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 3000000000.0
  ]
  edge [
    source 4
    target 7
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 4
    target 7
    LinkSpeed "10"
    LinkLabel "10 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 23
    LinkSpeed "10"
    LinkLabel "10 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 4
    target 5
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 4
    target 15
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 5
    target 8
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 6
    target 20
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 7
    target 9
    LinkLabel "10 GB/s - redundantno"
  ]
  edge [
    source 7
    target 18
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 7
    target 20
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 7
    target 21
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 7
    target 23
    LinkLabel "10 GB/s - redundantno"
  ]
  edge [
    source 7
    target 30
    LinkLabel "10 GB/s - redundantno"
  ]
  edge [
    source 8
    target 9
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 9
    target 19
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 10
    target 17
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 10
    target 22
    LinkSpeed "10"
    LinkLabel "10 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 11
    target 12
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 11
    target 30
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 12
    target 26
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 13
    target 29
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 14
    target 16
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 14
    target 17
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 14
    target 18
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 17
    target 19
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 17
    target 23
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 22
    target 23
    LinkSpeed "10"
    LinkLabel "10 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 10000000000.0
  ]
  edge [
    source 24
    target 32
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 24
    target 25
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 25
    target 32
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 26
    target 27
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 27
    target 28
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 28
    target 29
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 29
    target 30
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 30
    target 32
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 30
    target 31
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
  edge [
    source 32
    target 33
    LinkSpeed "1"
    LinkLabel "1 GB/s"
    LinkSpeedUnits "G"
    LinkSpeedRaw 1000000000.0
  ]
]
