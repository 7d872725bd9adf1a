graph [
  DateObtained "21/10/10"
  GeoLocation "Canada, USA"
  GeoExtent "Country+"
  Network "Bell Canada"
  Provenance "Secondary"
  Note "Corporate-only network. Check peering."
  Source "http://www.isp-planet.com/img/backbones/bell_canada.jpg"
  Version "1.0"
  DateType "Historic"
  Type "COM"
  Backbone 1
  Commercial 0
  label "Bellcanada"
  ToolsetVersion "0.3.34dev-20120328"
  Customer 1
  IX 0
  SourceGitVersion "e278b1b"
  DateModifier "<"
  DateMonth 0
  LastAccess "3/08/10"
  Access 1
  Layer "IP"
  Creator "Topology Zoo Toolset"
  Developed 1
  Transit 1
  NetworkDate "<2005"
  DateYear 0
  LastProcessed "2011_09_01"
  Testbed 0
  multigraph 1
  node [
    id 0
    label "Cold Lake"
    Country "Canada"
    Longitude -110.2017
    Internal 1
    Latitude 54.45018
    type "City"
  ]
  node [
    id 1
    label "Grande Prairie"
    Country "Canada"
    Longitude -118.80271
    Internal 1
    Latitude 55.16667
    type "City"
  ]
  node [
    id 2
    label "Edmonton"
    Country "Canada"
    Longitude -113.46871
    Internal 1
    Latitude 53.55014
    type "City"
  ]
  node [
    id 3
    label "Fort McMurray"
    Country "Canada"
    Longitude -111.38519
    Internal 1
    Latitude 56.7335
    type "City"
  ]
  node [
    id 4
    label "Kamloops"
    Country "Canada"
    Longitude -120.3192
    Internal 1
    Latitude 50.66648
    type "City"
  ]
  node [
    id 5
    label "Vernon"
    Country "United States"
    Longitude -73.83708
    Internal 1
    Latitude 40.9126
    type "City"
  ]
  node [
    id 6
    label "Dawson Creek"
    Country "Canada"
    Longitude -120.23616
    Internal 1
    Latitude 55.7666
    type "City"
  ]
  node [
    id 7
    label "Prince George"
    Country "Canada"
    Longitude -122.75301
    Internal 1
    Latitude 53.9166
    type "City"
  ]
  node [
    id 8
    label "Kelowna"
    Country "Canada"
    Longitude -119.48568
    Internal 1
    Latitude 49.88307
    type "City"
  ]
  node [
    id 9
    label "Penticton?"
    Country "Canada"
    Longitude -119.58584
    Internal 1
    Latitude 49.48062
    type "City"
  ]
  node [
    id 10
    label "Sept -Iles"
    Country "Canada"
    Longitude -66.38208
    Internal 1
    Latitude 50.20011
    type "City"
  ]
  node [
    id 11
    label "Charlottetown"
    Country "Canada"
    Longitude -63.12671
    Internal 1
    Latitude 46.23525
    type "City"
  ]
  node [
    id 12
    label "New York"
    Country "United States"
    Longitude -74.00597
    Internal 1
    Latitude 40.71427
    type "City with Colocation"
  ]
  node [
    id 13
    label "Ottawa"
    Country "Canada"
    Longitude -75.69812
    Internal 1
    Latitude 45.41117
    type "City with Colocation"
  ]
  node [
    id 14
    label "Montreal"
    Country "Canada"
    Longitude -73.58781
    Internal 1
    Latitude 45.50884
    type "City"
  ]
  node [
    id 15
    label "Sherbrooke"
    Country "Canada"
    Longitude -71.89908
    Internal 1
    Latitude 45.40008
    type "City"
  ]
  node [
    id 16
    label "Quebec City"
    Country "Canada"
    Longitude -71.21454
    Internal 1
    Latitude 46.81228
    type "City"
  ]
  node [
    id 17
    label "Chicoutimi"
    Country "Canada"
    Longitude -71.06352
    Internal 1
    Latitude 48.42749
    type "City"
  ]
  node [
    id 18
    label "Rimouski"
    Country "Canada"
    Longitude -68.52396
    Internal 1
    Latitude 48.44879
    type "City"
  ]
  node [
    id 19
    label "Baie-Comeau"
    Country "Canada"
    Longitude -68.14894
    Internal 1
    Latitude 49.21679
    type "City"
  ]
  node [
    id 20
    label "Saint John"
    Country "Canada"
    Longitude -66.06766
    Internal 1
    Latitude 45.27271
    type "City"
  ]
  node [
    id 21
    label "Moncton"
    Country "Canada"
    Longitude -64.80186
    Internal 1
    Latitude 46.11594
    type "City"
  ]
  node [
    id 22
    label "Halifax"
    Country "Canada"
    Longitude -63.57333
    Internal 1
    Latitude 44.646
    type "City"
  ]
  node [
    id 23
    label "Fredericton"
    Country "Canada"
    Longitude -66.66558
    Internal 1
    Latitude 45.94541
    type "City"
  ]
  node [
    id 24
    label "St John's"
    Country "Canada"
    Longitude -52.70931
    Internal 1
    Latitude 47.56494
    type "City"
  ]
  node [
    id 25
    label "Onslow"
    Country "Canada"
    Longitude -63.28198
    Internal 1
    Latitude 45.36685
    type "City"
  ]
  node [
    id 26
    label "Lethbridge"
    Country "Canada"
    Longitude -112.81856
    Internal 1
    Latitude 49.69999
    type "City"
  ]
  node [
    id 27
    label "Calgary"
    Country "Canada"
    Longitude -114.08529
    Internal 1
    Latitude 51.05011
    type "City with Colocation"
  ]
  node [
    id 28
    label "Buffalo"
    Country "United States"
    Longitude -78.87837
    Internal 1
    Latitude 42.88645
    type "City"
  ]
  node [
    id 29
    label "Toronto"
    Country "Canada"
    Longitude -79.4163
    Internal 1
    Latitude 43.70011
    type "City with Colocation"
  ]
  node [
    id 30
    label "Victoria"
    Country "Canada"
    Longitude -123.3693
    Internal 1
    Latitude 48.43294
    type "City"
  ]
  node [
    id 31
    label "Seattle"
    Country "United States"
    Longitude -122.33207
    Internal 1
    Latitude 47.60621
    type "City"
  ]
  node [
    id 32
    label "Courtenay"
    Country "Canada"
    Longitude -124.9936
    Internal 1
    Latitude 49.68657
    type "City"
  ]
  node [
    id 33
    label "Vancouver"
    Country "Canada"
    Longitude -123.11934
    Internal 1
    Latitude 49.24966
    type "City with Colocation"
  ]
  node [
    id 34
    label "Chicago"
    Country "United States"
    Longitude -87.65005
    Internal 1
    Latitude 41.85003
    type "City"
  ]
  node [
    id 35
    label "Los Angeles"
    Country "United States"
    Longitude -118.24368
    Internal 1
    Latitude 34.05223
    type "City"
  ]
  node [
    id 36
    label "Palo Alto"
    Country "United States"
    Longitude -122.14302
    Internal 1
    Latitude 37.44188
    type "City"
  ]
  node [
    id 37
    label "San Francisco"
    Country "United States"
    Longitude -122.41942
    Internal 1
    Latitude 37.77493
    type "City"
  ]
  node [
    id 38
    label "Medicine Hat"
    Country "Canada"
    Longitude -110.66834
    Internal 1
    Latitude 50.05006
    type "City"
  ]
  node [
    id 39
    label "Red Deer"
    Country "Canada"
    Longitude -113.802
    Internal 1
    Latitude 52.26682
    type "City"
  ]
  node [
    id 40
    label "Washington"
    Country "United States"
    Longitude -77.03637
    Internal 1
    Latitude 38.89511
    type "City"
  ]
  node [
    id 41
    label "Atlanta"
    Country "United States"
    Longitude -84.38798
    Internal 1
    Latitude 33.749
    type "City"
  ]
  node [
    id 42
    label "Dallas"
    Country "United States"
    Longitude -96.80667
    Internal 1
    Latitude 32.78306
    type "City"
  ]
  node [
    id 43
    label "Sudbury"
    Country "Canada"
    Longitude -80.99001
    Internal 1
    Latitude 46.49
    type "City"
  ]
  node [
    id 44
    label "Thunder Bay"
    Country "Canada"
    Longitude -89.31683
    Internal 1
    Latitude 48.4001
    type "City"
  ]
  node [
    id 45
    label "Winnipeg"
    Country "Canada"
    Longitude -97.14704
    Internal 1
    Latitude 49.8844
    type "City"
  ]
  node [
    id 46
    label "Saskatoon"
    Country "Canada"
    Longitude -106.63452
    Internal 1
    Latitude 52.11679
    type "City"
  ]
  node [
    id 47
    label "Regina"
    Country "Canada"
    Longitude -104.6178
    Internal 1
    Latitude 50.45008
    type "City"
  ]
  edge [
    source 0
    target 2
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 1
    target 2
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 1
    target 6
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 2
    target 3
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 2
    target 4
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 2
    target 39
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 2
    target 46
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 4
    target 33
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 4
    target 5
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 4
    target 7
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 5
    target 8
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 6
    target 7
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 8
    target 9
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 8
    target 27
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 8
    target 33
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 10
    target 19
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 11
    target 25
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 11
    target 21
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 12
    target 40
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 12
    target 28
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 12
    target 14
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 13
    target 29
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 13
    target 14
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 14
    target 16
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 14
    target 15
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 15
    target 16
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 15
    target 16
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 16
    target 17
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 16
    target 21
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 16
    target 23
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 17
    target 18
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 18
    target 19
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 20
    target 21
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 20
    target 22
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 20
    target 23
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 21
    target 25
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 22
    target 24
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 22
    target 25
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 24
    target 25
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 26
    target 27
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 27
    target 33
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 27
    target 38
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 27
    target 39
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 28
    target 29
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 29
    target 34
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 29
    target 43
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 30
    target 32
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 30
    target 33
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 30
    target 31
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 31
    target 33
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 31
    target 35
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 31
    target 36
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 31
    target 37
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 34
    target 42
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 34
    target 45
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 35
    target 40
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 35
    target 36
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 36
    target 37
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 38
    target 47
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 40
    target 41
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 41
    target 42
    LinkType "Fiber"
    LinkLabel "Leased Fiber Route"
    LinkNote "Leased  Route"
  ]
  edge [
    source 43
    target 44
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 44
    target 45
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 45
    target 46
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
  edge [
    source 45
    target 47
    LinkType "Fiber"
    LinkLabel "Bell Canada Fiber Routes"
    LinkNote "Bell Canada  Routes"
  ]
]
