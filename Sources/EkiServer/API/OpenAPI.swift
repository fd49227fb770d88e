import EkiJSON
import Foundation
import Hummingbird

/// The API's OpenAPI 3.1 description, served at /api/openapi.json. Hand-written beside the
/// routes; OpenAPITests keeps it true (every route documented, every documented path served,
/// real answers carrying the required fields).
enum OpenAPI {
    static func response(to request: Request) throws -> Response {
        _ = try QueryParameters(request, allowed: [])
        let etag = "\"\(CachedJSON.hex(CachedJSON.fnv1a(document)))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=\(CachedJSON.maxAge)"]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CachedJSON.matches(ifNoneMatch, etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
    }

    static let document = """
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Eki timetable API",
        "version": "1.0.0",
        "summary": "Tokyo train timetables, offline: departure boards, station timetables, trains, search, nearby.",
        "description": "The same JSON as the eki CLI's --json. Times are Tokyo local time; a service day runs 03:00–26:59, so 00:40 belongs to the previous date's service (serviceMinute 1480).\\n\\nErrors are RFC 9457 problem details (application/problem+json): 400 for a value that cannot be read (malformed time, date or number, a limit out of range, an unknown or repeated parameter, bad percent-encoding, control characters, search text over 64 characters), 404 for a name that matches nothing (station, direction, railway, train, endpoint), 414 for a request URI over 2048 bytes.\\n\\nCaching: answers carry an ETag (the database's snapshot and import, plus the request) and honour If-None-Match with 304. An answer fixed by its URI (an explicit at or date, or no time at all) has Cache-Control max-age=3600; one for the server's current time (no at, no date) may be reused only until the current minute ends.\\n\\nTimetable data: Public Transportation Open Data Center (ODPT) via Mini Tokyo 3D.",
        "license": { "name": "Data: ODPT / Mini Tokyo 3D terms" }
      },
      "servers": [{ "url": "/" }],
      "paths": {
        "/api/v1/departures": {
          "get": {
            "operationId": "departures",
            "summary": "The next departures from a station, as its platform board shows them (eki departures).",
            "parameters": [
              { "$ref": "#/components/parameters/station" },
              { "$ref": "#/components/parameters/direction" },
              { "$ref": "#/components/parameters/railway" },
              { "$ref": "#/components/parameters/at" },
              { "name": "limit", "in": "query", "description": "Departures per direction.", "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 8 } }
            ],
            "responses": {
              "200": { "$ref": "#/components/responses/StationBoards" },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/timetable": {
          "get": {
            "operationId": "timetable",
            "summary": "A station's whole timetable for one direction and service day (eki timetable).",
            "parameters": [
              { "$ref": "#/components/parameters/station" },
              { "name": "direction", "in": "query", "required": true, "description": "Direction id or name: Inbound, Outbound, InnerLoop, 上り.", "schema": { "type": "string" }, "example": "Inbound" },
              { "$ref": "#/components/parameters/railway" },
              { "$ref": "#/components/parameters/date" }
            ],
            "responses": {
              "200": { "$ref": "#/components/responses/StationBoards" },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/timeline": {
          "get": {
            "operationId": "timeline",
            "summary": "A platform board's changes until the service day ends (03:00), for widget-like clients: show each entry from its at until the next entry's, and ask again at reloadAfter.",
            "parameters": [
              { "$ref": "#/components/parameters/station" },
              { "name": "direction", "in": "query", "required": true, "description": "Direction id or name: Inbound, Outbound, InnerLoop, 上り.", "schema": { "type": "string" }, "example": "Inbound" },
              { "$ref": "#/components/parameters/railway" },
              { "$ref": "#/components/parameters/at" },
              { "name": "limit", "in": "query", "description": "Departures shown in each entry.", "schema": { "type": "integer", "minimum": 1, "maximum": 10, "default": 3 } }
            ],
            "responses": {
              "200": {
                "description": "One platform's timeline, or an array when the name covers several stations.",
                "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } },
                "content": { "application/json": { "schema": { "oneOf": [
                  { "$ref": "#/components/schemas/Timeline" },
                  { "type": "array", "items": { "$ref": "#/components/schemas/Timeline" } }
                ] } } }
              },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/train/{trainId}": {
          "get": {
            "operationId": "train",
            "summary": "One train's timetable, followed across through service (eki train).",
            "parameters": [
              { "name": "trainId", "in": "path", "required": true, "description": "A train id, or a GTFS feed's trip_id.", "schema": { "type": "string", "maxLength": 200 }, "example": "Minatomirai.Minatomirai.006072.Weekday" },
              { "name": "date", "in": "query", "description": "The service day (YYYY-MM-DD) whose copy of a feed's trip to show, when the trip runs under several calendars; default today.", "schema": { "type": "string", "format": "date" } }
            ],
            "responses": {
              "200": { "description": "The train, part by part.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Train" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/search": {
          "get": {
            "operationId": "search",
            "summary": "Stations and railways by name, in romaji, hiragana, katakana or kanji, best first (eki search).",
            "parameters": [
              { "name": "q", "in": "query", "required": true, "description": "What to look for (at most 64 characters); empty gives no results.", "schema": { "type": "string", "maxLength": 64 }, "example": "しぶや" },
              { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 10 } }
            ],
            "responses": {
              "200": { "description": "Results, best first.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/SearchResults" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/nearby": {
          "get": {
            "operationId": "nearby",
            "summary": "Stations near a point, nearest first, with the next train each way (eki nearby).",
            "parameters": [
              { "name": "lat", "in": "query", "required": true, "schema": { "type": "number", "minimum": -90, "maximum": 90 }, "example": 35.4505 },
              { "name": "lon", "in": "query", "required": true, "schema": { "type": "number", "minimum": -180, "maximum": 180 }, "example": 139.6337 },
              { "name": "radius", "in": "query", "description": "Metres.", "schema": { "type": "integer", "minimum": 1, "maximum": 50000, "default": 1000 } },
              { "name": "limit", "in": "query", "description": "Station complexes.", "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 10 } },
              { "$ref": "#/components/parameters/at" },
              { "name": "departures", "in": "query", "description": "false: only the stations, without next departures (then the answer does not depend on the time).", "schema": { "type": "boolean", "default": true } }
            ],
            "responses": {
              "200": { "description": "Nearby stations.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Nearby" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/station/{stationId}": {
          "get": {
            "operationId": "station",
            "summary": "A station at a glance: sides by direction, next trains both ways, last trains, destinations, frequency, connections (eki station). bookmarked is always false here: bookmarks live in the browser.",
            "parameters": [
              { "name": "stationId", "in": "path", "required": true, "description": "A station id or a name (several stations: an array).", "schema": { "type": "string" }, "example": "Minatomirai.Minatomirai.Bashamichi" },
              { "$ref": "#/components/parameters/railway" },
              { "$ref": "#/components/parameters/at" }
            ],
            "responses": {
              "200": {
                "description": "One station's detail, or an array when the name covers several stations.",
                "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } },
                "content": { "application/json": { "schema": { "oneOf": [
                  { "$ref": "#/components/schemas/StationDetail" },
                  { "type": "array", "items": { "$ref": "#/components/schemas/StationDetail" } }
                ] } } }
              },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/railway/{railwayId}": {
          "get": {
            "operationId": "railway",
            "summary": "A railway as a whole: stations in order with coordinates, directions and their terminals, train types, trains per calendar, through service, and its drawn shape (eki railway).",
            "parameters": [
              { "name": "railwayId", "in": "path", "required": true, "description": "A railway id or a name in any script (東横線, toyoko, yamanote line); the busiest of namesakes.", "schema": { "type": "string", "maxLength": 200 }, "example": "Tokyu.Toyoko" }
            ],
            "responses": {
              "200": { "description": "The railway.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Railway" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/calendar/{year}": {
          "get": {
            "operationId": "calendar",
            "summary": "Japanese national holidays of a year, substitute and citizens' holidays included (eki calendar).",
            "parameters": [
              { "name": "year", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 1949, "maximum": 2099 }, "example": 2026 }
            ],
            "responses": {
              "200": { "description": "The year's holidays.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Calendar" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/schedule": {
          "get": {
            "operationId": "schedule",
            "summary": "Which timetable each railway runs on a date, and why (eki schedule).",
            "parameters": [{ "$ref": "#/components/parameters/date" }],
            "responses": {
              "200": { "description": "The day and every railway's calendar.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Schedule" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route": {
          "get": {
            "operationId": "route",
            "summary": "A DIY route worked out: each train's times and stops (across through service), each transfer's minutes and flags (eki route show). The route travels in the request; the server keeps none.",
            "parameters": [{ "$ref": "#/components/parameters/routeDate" }, { "$ref": "#/components/parameters/segments" }],
            "responses": {
              "200": { "description": "The route.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Route" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route/alternatives": {
          "get": {
            "operationId": "routeAlternatives",
            "summary": "The trains just before and after a segment's, from the same platform, that also reach its alight station, each with its arrival (eki route alternatives).",
            "parameters": [
              { "$ref": "#/components/parameters/routeDate" }, { "$ref": "#/components/parameters/segments" },
              { "$ref": "#/components/parameters/segment" },
              { "name": "count", "in": "query", "description": "How many earlier and how many later trains.", "schema": { "type": "integer", "minimum": 1, "maximum": 5, "default": 2 } }
            ],
            "responses": {
              "200": { "description": "The chosen train and its alternatives, earliest first.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Alternatives" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route/swap": {
          "get": {
            "operationId": "routeSwap",
            "summary": "A segment on another train; later segments are checked and, where their train is missed or an earlier one can now be caught, a replacement is proposed (eki route swap).",
            "parameters": [
              { "$ref": "#/components/parameters/routeDate" }, { "$ref": "#/components/parameters/segments" },
              { "$ref": "#/components/parameters/segment" },
              { "name": "train", "in": "query", "required": true, "description": "The train id to take instead.", "schema": { "type": "string" }, "example": "Minatomirai.Minatomirai.063072.Weekday" },
              { "name": "follow", "in": "query", "description": "Also take the proposed trains.", "schema": { "type": "boolean", "default": false } }
            ],
            "responses": {
              "200": { "description": "The changed route and the proposals.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Swap" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route/next": {
          "get": {
            "operationId": "routeNext",
            "summary": "The train from a station (any of its complex) after a moment that gets to another station first: the next segment to add.",
            "parameters": [
              { "name": "from", "in": "query", "required": true, "description": "Where the rider is: a station id or name; every station of its complex is considered.", "schema": { "type": "string" }, "example": "Tokyu.Toyoko.NakaMeguro" },
              { "name": "to", "in": "query", "required": true, "description": "Where to get off: a station id or name.", "schema": { "type": "string" }, "example": "銀座" },
              { "$ref": "#/components/parameters/direction" },
              { "$ref": "#/components/parameters/railway" },
              { "$ref": "#/components/parameters/at" },
              { "name": "arrived", "in": "query", "description": "The station id the rider's previous train arrives at, at the time given: trains are then taken a change of platforms later (1 minute in its platform group, 5 minutes to another group).", "schema": { "type": "string" }, "example": "Tokyu.Toyoko.NakaMeguro" }
            ],
            "responses": {
              "200": { "description": "The segment.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RouteSegment" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route/fastest": {
          "get": {
            "operationId": "routeFastest",
            "summary": "Fastest routes over the whole network by Connection Scan: the earliest arrival, then fewer changes or a later start; each option is a route to keep and edit (eki route fastest). After the last trains, the next service day's first.",
            "parameters": [
              { "name": "from", "in": "query", "required": true, "description": "A station id or name (its whole complex).", "schema": { "type": "string" }, "example": "馬車道" },
              { "name": "to", "in": "query", "required": true, "description": "A station id or name (its whole complex).", "schema": { "type": "string" }, "example": "銀座" },
              { "$ref": "#/components/parameters/at" },
              { "name": "transferMinutes", "in": "query", "description": "Minutes to change between platform groups of one station (1 minute within a group).", "schema": { "type": "integer", "minimum": 0, "maximum": 30, "default": 5 } }
            ],
            "responses": {
              "200": { "description": "Up to three options.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Fastest" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" },
              "404": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/route/suggest": {
          "get": {
            "operationId": "routeSuggest",
            "summary": "Remembered route patterns (stations and directions, kept by the client) filled in with the next trains; near a position, only those starting within the radius, by distance and use.",
            "parameters": [
              { "name": "patterns", "in": "query", "required": true, "description": "Up to 8 patterns separated by |, each USES*BOARD~DIRECTION~ALIGHT with legs separated by commas.", "schema": { "type": "string" }, "example": "2*Minatomirai.Minatomirai.Bashamichi~Inbound~Tokyu.Toyoko.NakaMeguro" },
              { "name": "lat", "in": "query", "description": "Latitude of the rider.", "schema": { "type": "number" } },
              { "name": "lon", "in": "query", "description": "Longitude of the rider.", "schema": { "type": "number" } },
              { "name": "radius", "in": "query", "description": "Metres from the position a pattern may start.", "schema": { "type": "integer", "minimum": 100, "maximum": 5000, "default": 1500 } },
              { "$ref": "#/components/parameters/at" }
            ],
            "responses": {
              "200": { "description": "The suggestions.", "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Suggestions" } } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/ride/fix": {
          "post": {
            "operationId": "rideFix",
            "summary": "Live ride tracking (the /ride page): send the phone's latest fixes for a session and get which railway and direction the ride is on, the next station and its phase. The server keeps one tracker per session in memory only (forgotten after 10 idle minutes); positions go only in the body and are never stored or logged.",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RideFixes" } } } },
            "responses": {
              "200": { "description": "What the tracker believes after the last fix.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RideState" } } } },
              "400": { "$ref": "#/components/responses/Problem" },
              "413": { "$ref": "#/components/responses/Problem" },
              "503": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/v1/ride/pin": {
          "post": {
            "operationId": "ridePin",
            "summary": "The rider taps the line they are really on: show that railway and direction for the session from now on (railway and direction null: back to the tracker's choice).",
            "requestBody": { "required": true, "content": { "application/json": { "schema": {
              "type": "object", "required": ["session"],
              "properties": {
                "session": { "$ref": "#/components/schemas/RideSession" },
                "railway": { "type": ["string", "null"], "example": "JR-East.Tokaido" },
                "direction": { "type": ["string", "null"], "example": "Outbound" }
              }
            } } } },
            "responses": {
              "200": { "description": "The session's answer with the pin applied.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RideState" } } } },
              "400": { "$ref": "#/components/responses/Problem" },
              "503": { "$ref": "#/components/responses/Problem" }
            }
          }
        },
        "/api/openapi.json": {
          "get": {
            "operationId": "openapi",
            "summary": "This document.",
            "responses": {
              "200": { "description": "The OpenAPI 3.1 description of the API.", "content": { "application/json": { "schema": { "type": "object", "required": ["openapi", "info", "paths"] } } } },
              "304": { "$ref": "#/components/responses/NotModified" }
            }
          }
        }
      },
      "components": {
        "parameters": {
          "station": { "name": "station", "in": "query", "required": true, "description": "A station id or a name in kanji, kana or romaji (馬車道, ばしゃみち, bashamichi). A name covering several stations answers with an array.", "schema": { "type": "string", "maxLength": 200 }, "example": "Minatomirai.Minatomirai.Bashamichi" },
          "direction": { "name": "direction", "in": "query", "description": "Only this direction: its id (Inbound, Outbound, InnerLoop…) or name (上り). Default: every direction.", "schema": { "type": "string" }, "example": "Inbound" },
          "railway": { "name": "railway", "in": "query", "description": "Only the station on this railway, when a name covers several (Tokyu.Toyoko, 東横線, toyoko).", "schema": { "type": "string" } },
          "at": { "name": "at", "in": "query", "description": "Tokyo local time to start from, YYYY-MM-DDTHH:MM. Default: now (then the answer may be reused only until the minute ends).", "schema": { "type": "string", "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}$" }, "example": "2026-11-24T07:30" },
          "date": { "name": "date", "in": "query", "description": "The service day, YYYY-MM-DD. Default: today's service day.", "schema": { "type": "string", "format": "date" }, "example": "2026-11-24" },
          "routeDate": { "name": "date", "in": "query", "required": true, "description": "The route's service day, YYYY-MM-DD.", "schema": { "type": "string", "format": "date" }, "example": "2026-11-24" },
          "segments": { "name": "segments", "in": "query", "required": true, "description": "The route's trains, up to 8, separated by commas: TRAIN~BOARD~ALIGHT (train id, the station boarded, the station to get off at).", "schema": { "type": "string" }, "example": "Minatomirai.Minatomirai.060072.Weekday~Minatomirai.Minatomirai.Bashamichi~Tokyu.Toyoko.NakaMeguro" },
          "segment": { "name": "segment", "in": "query", "description": "Which segment, 1 for the first train.", "schema": { "type": "integer", "minimum": 1, "maximum": 8, "default": 1 } }
        },
        "headers": {
          "ETag": { "description": "Names this answer: database snapshot and import, request, and the minute when the time was the server's.", "schema": { "type": "string" } },
          "Cache-Control": { "description": "public, max-age=3600; or up to the end of the current minute for answers about now.", "schema": { "type": "string" } }
        },
        "responses": {
          "StationBoards": {
            "description": "One station's board, or an array of boards when the name covers several stations (or, for the timetable, several directions match).",
            "headers": { "ETag": { "$ref": "#/components/headers/ETag" }, "Cache-Control": { "$ref": "#/components/headers/Cache-Control" } },
            "content": { "application/json": { "schema": { "oneOf": [
              { "$ref": "#/components/schemas/StationBoard" },
              { "type": "array", "items": { "$ref": "#/components/schemas/StationBoard" } }
            ] } } }
          },
          "NotModified": { "description": "The If-None-Match tag still names this answer." },
          "Problem": { "description": "What was wrong, in one line.", "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } } }
        },
        "schemas": {
          "RideSession": { "type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$", "description": "A random id the page makes up for one ride.", "example": "9f2c41d07be35a8e6c0d1f4a2b7e8c93" },
          "RideFixes": {
            "type": "object", "required": ["session", "fixes"],
            "properties": {
              "session": { "$ref": "#/components/schemas/RideSession" },
              "fixes": { "type": "array", "minItems": 1, "maxItems": 120, "items": {
                "type": "object", "required": ["t", "lat", "lon"],
                "properties": {
                  "t": { "description": "ISO 8601 time, or epoch seconds (epoch milliseconds are accepted too).", "oneOf": [{ "type": "string" }, { "type": "number" }], "example": "2026-11-24T08:12:03Z" },
                  "lat": { "type": "number", "minimum": -90, "maximum": 90 },
                  "lon": { "type": "number", "minimum": -180, "maximum": 180 },
                  "accuracy": { "type": "number", "minimum": 0, "description": "Horizontal accuracy in metres (default 20)." },
                  "speed": { "type": ["number", "null"], "description": "m/s; -1 or null when unknown." },
                  "course": { "type": ["number", "null"], "description": "Degrees clockwise from north; -1 or null when unknown." }
                }
              } }
            }
          },
          "RideDirection": {
            "type": "object", "required": ["id", "title", "toward"],
            "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "toward": { "type": "array", "items": { "$ref": "#/components/schemas/Name" } } }
          },
          "RideRailway": {
            "type": "object", "required": ["id", "title"],
            "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "color": { "type": "string" } }
          },
          "RideStation": {
            "type": "object", "required": ["id", "title"],
            "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" } }
          },
          "RideState": {
            "type": "object", "required": ["t", "reducedAccuracy", "offTrain", "pinned", "candidates", "skipped"],
            "properties": {
              "t": { "type": "string", "description": "Time of the last fix (ISO 8601, UTC)." },
              "railway": { "$ref": "#/components/schemas/RideRailway" },
              "direction": { "$ref": "#/components/schemas/RideDirection" },
              "previousStation": { "$ref": "#/components/schemas/RideStation" },
              "nextStation": { "$ref": "#/components/schemas/RideStation" },
              "focusStation": { "$ref": "#/components/schemas/RideStation" },
              "phase": { "type": "string", "enum": ["approaching", "at", "departed", "passing", "nearby"] },
              "reducedAccuracy": { "type": "boolean", "description": "No usable fix for 60 s." },
              "offTrain": { "type": "boolean" },
              "pinned": { "type": "boolean", "description": "The line shown is the one the rider chose." },
              "candidates": { "type": "array", "description": "Lines to offer the rider: the tracker's candidates (best first), then lines with a station within 1.5 km (score 0).", "items": {
                "type": "object", "required": ["railway", "direction", "score"],
                "properties": { "railway": { "$ref": "#/components/schemas/RideRailway" }, "direction": { "$ref": "#/components/schemas/RideDirection" }, "score": { "type": "number" } }
              } },
              "skipped": { "type": "integer", "description": "Fixes of this session skipped as garbage (NaN, out of range, time going backwards, duplicates)." }
            }
          },
          "Problem": {
            "type": "object", "required": ["status", "title", "detail"],
            "properties": {
              "status": { "type": "integer", "example": 404 },
              "title": { "type": "string", "example": "Not Found" },
              "detail": { "type": "string", "example": "no station matches \\"Bashamich\\"; did you mean: 馬車道 Bashamichi (Minatomirai.Minatomirai.Bashamichi)" }
            }
          },
          "Name": { "type": "object", "required": ["ja", "en"], "properties": { "ja": { "type": "string" }, "en": { "type": "string" } } },
          "StationName": { "type": "object", "required": ["id", "title"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" } } },
          "RailwayRef": { "type": "object", "required": ["id", "title"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "color": { "type": "string", "example": "#09357F" } } },
          "Departure": {
            "type": "object",
            "required": ["time", "serviceMinute", "serviceDate", "minutesUntil", "trainId", "railway", "direction", "trainType", "trainTypeName", "destination", "destinationName", "names", "nextDay"],
            "properties": {
              "time": { "type": "string", "description": "HH:MM on the clock.", "example": "07:31" },
              "serviceMinute": { "type": "integer", "description": "Minutes since 00:00 of the service day (1480 is 00:40 the next morning).", "example": 451 },
              "serviceDate": { "type": "string", "format": "date" },
              "minutesUntil": { "type": "integer" },
              "trainId": { "type": "string", "description": "The train's id as its source knows it (a GTFS feed's trip_id, whichever calendar's copy runs; serviceDate says which day's).", "example": "Minatomirai.Minatomirai.006072.Weekday" },
              "trainNumber": { "type": "string", "description": "The train number riders see (GTFS trip_short_name); absent when none." },
              "railway": { "type": "string", "description": "The departing train part's railway (another railway's for through service)." },
              "direction": { "type": "string" },
              "trainType": { "type": "string" },
              "trainTypeName": { "$ref": "#/components/schemas/Name" },
              "category": { "$ref": "#/components/schemas/Category", "description": "Absent when the source gives no Japanese train types (a GTFS feed's Subway, Commuter rail)." },
              "badge": { "type": "string", "description": "What a board shows in the badge: 各 快 準 急 特, else the line's short name (GTFS route_short_name)." },
              "destination": { "type": "array", "items": { "type": "string" }, "description": "Station ids where the run ends." },
              "destinationName": { "$ref": "#/components/schemas/Name" },
              "headsign": { "$ref": "#/components/schemas/Name", "description": "Where the train says it goes (GTFS trip_headsign); absent when the source does not say." },
              "names": { "type": "array", "items": { "$ref": "#/components/schemas/Name" }, "description": "Train names (limited expresses)." },
              "nextDay": { "type": "boolean", "description": "It leaves on a later day than the one asked (days change at 03:00): a board shows it under a line naming its day." }
            }
          },
          "Category": { "type": "string", "enum": ["local", "rapid", "semiExpress", "express", "limited"] },
          "StationBoard": {
            "type": "object",
            "required": ["station", "stationName", "serviceDate", "scheduleReason", "lastTrainGone", "departures"],
            "properties": {
              "station": { "type": "string" },
              "stationName": { "$ref": "#/components/schemas/Name" },
              "railway": { "type": "string" },
              "serviceDate": { "type": "string", "format": "date" },
              "schedule": { "type": "string", "description": "The calendar run that day (Weekday, SaturdayHoliday…); absent: no service.", "example": "Weekday" },
              "scheduleName": { "$ref": "#/components/schemas/Name", "description": "What riders call that calendar (平日ダイヤ, Weekday service)." },
              "scheduleReason": { "$ref": "#/components/schemas/Name" },
              "lastTrainGone": { "type": "boolean", "description": "No train left that service day: the departures are the next day's first trains." },
              "departures": { "type": "array", "items": { "$ref": "#/components/schemas/Departure" } }
            }
          },
          "Timeline": {
            "type": "object",
            "required": ["station", "stationName", "direction", "directionName", "serviceDate", "scheduleReason", "generatedAt", "reloadAfter", "entries"],
            "properties": {
              "station": { "type": "string" },
              "stationName": { "$ref": "#/components/schemas/Name" },
              "railway": { "type": "string" },
              "direction": { "type": "string", "example": "Inbound" },
              "directionName": { "$ref": "#/components/schemas/Name" },
              "serviceDate": { "type": "string", "format": "date" },
              "schedule": { "type": "string", "description": "The calendar run that day; absent: no service.", "example": "Weekday" },
              "scheduleReason": { "$ref": "#/components/schemas/Name" },
              "generatedAt": { "type": "string", "description": "The moment asked for (the first entry's), Tokyo local time YYYY-MM-DDTHH:MM.", "example": "2026-11-24T07:30" },
              "reloadAfter": { "type": "string", "description": "03:00 after the service day, Tokyo local time: no entry covers it; fetch a new timeline then.", "example": "2026-11-25T03:00" },
              "entries": { "type": "array", "description": "The asked moment, then the minute after each departure (a train leaving at 07:31 is shown until 07:32), in time order. After the last train, the last entry shows the next day's first trains.", "items": {
                "type": "object", "required": ["at", "lastTrainGone", "departures"],
                "properties": {
                  "at": { "type": "string", "description": "From when this entry holds, Tokyo local time YYYY-MM-DDTHH:MM (after midnight the next calendar date); the departures answer for at= this value is the same.", "example": "2026-11-24T07:32" },
                  "lastTrainGone": { "type": "boolean", "description": "No train left that service day: the departures are the next day's first trains." },
                  "departures": { "type": "array", "description": "minutesUntil counts from the entry's at.", "items": { "$ref": "#/components/schemas/Departure" } }
                }
              } }
            }
          },
          "Train": {
            "type": "object", "required": ["trainId", "parts"],
            "properties": {
              "trainId": { "type": "string" },
              "parts": { "type": "array", "items": {
                "type": "object",
                "required": ["trainId", "railway", "railwayName", "direction", "trainType", "number", "schedule", "names", "stops"],
                "properties": {
                  "trainId": { "type": "string" }, "railway": { "type": "string" }, "railwayName": { "$ref": "#/components/schemas/Name" },
                  "direction": { "type": "string" }, "trainType": { "type": "string" }, "category": { "$ref": "#/components/schemas/Category" },
                  "number": { "type": "string" }, "names": { "type": "array", "items": { "$ref": "#/components/schemas/Name" } },
                  "schedule": { "type": "string" }, "scheduleName": { "$ref": "#/components/schemas/Name" }, "headsign": { "$ref": "#/components/schemas/Name" },
                  "stops": { "type": "array", "items": {
                    "type": "object", "required": ["station", "stationName", "arrival", "departure"],
                    "properties": {
                      "station": { "type": "string" }, "stationName": { "$ref": "#/components/schemas/Name" },
                      "arrival": { "type": ["string", "null"], "example": "07:39" }, "departure": { "type": ["string", "null"] }
                    }
                  } }
                }
              } }
            }
          },
          "SearchResults": {
            "type": "object", "required": ["results"],
            "properties": { "results": { "type": "array", "items": {
              "type": "object", "required": ["kind", "title"],
              "properties": {
                "kind": { "type": "string", "enum": ["station", "railway"] },
                "title": { "$ref": "#/components/schemas/Name" },
                "stations": { "type": "array", "description": "station: the complex's stations trains leave from.", "items": { "type": "object", "required": ["id"], "properties": { "id": { "type": "string" }, "railway": { "type": "string" } } } },
                "coord": { "type": "array", "items": { "type": "number" }, "description": "station: [latitude, longitude]." },
                "id": { "type": "string", "description": "railway: its id." },
                "color": { "type": "string" },
                "operator": { "$ref": "#/components/schemas/Name" }
              }
            } } }
          },
          "Nearby": {
            "type": "object", "required": ["results", "outsideArea"],
            "properties": {
              "outsideArea": { "type": "boolean", "description": "The point is outside the timetable's area: empty results mean not here, not walk further." },
              "nearest": { "type": "object", "description": "When no station is within the radius (inside the area): the nearest one, as a result, with its distance." },
              "results": { "type": "array", "items": {
                "type": "object", "required": ["title", "stations", "coord", "distanceMeters", "walkMinutes"],
                "properties": {
                  "title": { "$ref": "#/components/schemas/Name" },
                  "coord": { "type": "array", "items": { "type": "number" } },
                  "distanceMeters": { "type": "integer" },
                  "walkMinutes": { "type": "integer", "description": "At 80 m a minute." },
                  "stations": { "type": "array", "items": {
                    "type": "object", "required": ["id"],
                    "properties": { "id": { "type": "string" }, "railway": { "type": "string" }, "next": { "type": "array", "items": { "$ref": "#/components/schemas/Departure" }, "description": "The next departure each way; absent with departures=false." } }
                  } }
                }
              } }
            }
          },
          "StationDetail": {
            "type": "object",
            "required": ["station", "title", "at", "serviceDate", "scheduleReason", "loop", "sides", "trainTypes", "connections"],
            "properties": {
              "station": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "railway": { "$ref": "#/components/schemas/RailwayRef" },
              "at": { "type": "string", "description": "The service day and minute, YYYY-MM-DDTHH:MM (HH up to 26)." },
              "serviceDate": { "type": "string", "format": "date" }, "schedule": { "type": "string" }, "scheduleName": { "$ref": "#/components/schemas/Name" }, "scheduleReason": { "$ref": "#/components/schemas/Name" },
              "loop": { "type": "boolean" },
              "sides": { "type": "array", "description": "Toward the railway's first station, then toward its last.", "items": {
                "type": "object",
                "required": ["direction", "directionName", "bookmarked", "stationsBetween", "toward", "noTrainsThisDay", "next", "lastTrainGone", "lastTrains", "lastByDestination", "destinations", "frequency"],
                "properties": {
                  "direction": { "type": "string" }, "directionName": { "$ref": "#/components/schemas/Name" }, "bookmarked": { "type": "boolean" },
                  "neighbour": { "$ref": "#/components/schemas/StationName" }, "terminal": { "$ref": "#/components/schemas/StationName" },
                  "link": { "type": "string", "enum": ["solid", "dotted"] }, "stationsBetween": { "type": "integer" },
                  "toward": { "type": "array", "items": { "$ref": "#/components/schemas/StationName" } },
                  "throughRailway": { "$ref": "#/components/schemas/RailwayRef", "description": "The railway most trains continue on where this one ends; neighbour is then its station next to this one, toward where they run." },
                  "noTrainsThisDay": { "type": "boolean", "description": "No train leaves this way on the service day (not: the service has ended); next holds the next day's first trains." },
                  "next": { "type": "array", "items": { "$ref": "#/components/schemas/Departure" } }, "lastTrainGone": { "type": "boolean" },
                  "lastTrains": { "type": "array", "items": { "$ref": "#/components/schemas/Departure" } },
                  "lastByDestination": { "type": "array", "items": { "$ref": "#/components/schemas/Departure" } },
                  "destinations": { "type": "array", "items": { "type": "object", "required": ["stations", "title", "trains"], "properties": { "stations": { "type": "array", "items": { "type": "string" } }, "title": { "$ref": "#/components/schemas/Name" }, "trains": { "type": "integer" } } } },
                  "frequency": { "type": "array", "items": { "type": "object", "required": ["period", "title", "trains", "perHour"], "properties": { "period": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "trains": { "type": "integer" }, "perHour": { "type": "number" } } } }
                }
              } },
              "trainTypes": { "type": "array", "items": { "type": "object", "required": ["id", "ids", "title", "trains"], "properties": { "id": { "type": "string" }, "ids": { "type": "array", "items": { "type": "string" } }, "title": { "$ref": "#/components/schemas/Name" }, "category": { "$ref": "#/components/schemas/Category" }, "trains": { "type": "integer" } } } },
              "connections": { "type": "array", "items": { "type": "object", "required": ["station", "title", "samePlatform"], "properties": { "station": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "railway": { "$ref": "#/components/schemas/RailwayRef" }, "samePlatform": { "type": "boolean" } } } }
            }
          },
          "Railway": {
            "type": "object",
            "required": ["id", "title", "operator", "color", "loop", "stations", "directions", "trainTypes", "trainsPerCalendar", "throughService", "shape"],
            "properties": {
              "id": { "type": "string", "example": "Tokyu.Toyoko" }, "title": { "$ref": "#/components/schemas/Name" },
              "operator": { "oneOf": [{ "$ref": "#/components/schemas/Name" }, { "type": "null" }] },
              "color": { "type": ["string", "null"], "example": "#DA0442" }, "loop": { "type": "boolean" },
              "stations": { "type": "array", "description": "In railway order; a loop's closing station once.", "items": { "type": "object", "required": ["id", "title", "coord"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "coord": { "type": ["array", "null"], "items": { "type": "number" }, "description": "[latitude, longitude]." } } } },
              "directions": { "type": "array", "items": { "type": "object", "required": ["id", "title", "terminal", "clockwise"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "terminal": { "type": ["string", "null"], "description": "The station trains head for; null on a loop." }, "clockwise": { "type": ["boolean", "null"], "description": "On a loop, whether the direction runs clockwise on the map." } } } },
              "trainTypes": { "type": "array", "items": { "type": "object", "required": ["id", "title", "category"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "category": { "type": ["string", "null"], "enum": ["local", "rapid", "semiExpress", "express", "limited", null], "description": "Null when the source gives no Japanese train types." } } } },
              "trainsPerCalendar": { "type": "object", "additionalProperties": { "type": "integer" }, "example": { "Weekday": 735, "SaturdayHoliday": 662 } },
              "throughService": { "type": "array", "items": { "type": "object", "required": ["id", "title", "trains"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "trains": { "type": "integer", "description": "This railway's train parts continuing onto it or coming from it." } } } },
              "shape": { "type": "array", "description": "Polyline parts of [latitude, longitude] points.", "items": { "type": "array", "items": { "type": "array", "items": { "type": "number" } } } }
            }
          },
          "Calendar": {
            "type": "object", "required": ["year", "calendar"],
            "properties": {
              "year": { "type": "integer" },
              "calendar": { "type": "string", "enum": ["japan", "feed"], "description": "japan: the national holidays; feed: a GTFS feed's own services and exceptions." },
              "services": { "type": "array", "description": "feed: each service_id with its name, days, range and days run in the year.", "items": { "type": "object", "required": ["id", "name", "runs"], "properties": { "id": { "type": "string" }, "name": { "$ref": "#/components/schemas/Name" }, "days": { "type": "string", "example": "Mon–Fri" }, "start": { "type": "string", "format": "date" }, "end": { "type": "string", "format": "date" }, "runs": { "type": "integer" } } } },
              "exceptions": { "type": "array", "description": "feed: calendar_dates.txt in the year.", "items": { "type": "object", "required": ["date", "service", "added"], "properties": { "date": { "type": "string", "format": "date" }, "service": { "type": "string" }, "added": { "type": "boolean" } } } },
              "holidays": { "type": "array", "items": { "type": "object", "required": ["date", "name", "nameEn"], "properties": { "date": { "type": "string", "format": "date" }, "name": { "type": "string", "example": "勤労感謝の日" }, "nameEn": { "type": "string" } } } }
            }
          },
          "RouteStation": { "type": "object", "required": ["id", "title"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "railway": { "type": "string" }, "railwayTitle": { "$ref": "#/components/schemas/Name" } } },
          "RouteSegment": {
            "type": "object",
            "required": ["train", "parts", "board", "alight", "direction", "departure", "arrival", "departureMinute", "arrivalMinute", "minutes", "stopsToRide", "destinationName", "railways", "stops"],
            "properties": {
              "train": { "type": "string", "description": "The train part boarded." },
              "parts": { "type": "array", "items": { "type": "string" }, "description": "Every part ridden, across through service." },
              "board": { "$ref": "#/components/schemas/RouteStation" },
              "alight": { "$ref": "#/components/schemas/RouteStation" },
              "direction": { "type": "object", "required": ["id", "title"], "properties": { "id": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" } } },
              "departure": { "type": "string", "example": "07:37" }, "arrival": { "type": "string", "example": "08:18" },
              "departureMinute": { "type": "integer", "description": "Service-day minute (1480 is 00:40 the next morning)." },
              "arrivalMinute": { "type": "integer" },
              "minutes": { "type": "integer" }, "stopsToRide": { "type": "integer" },
              "trainType": { "type": "string" }, "trainTypeName": { "$ref": "#/components/schemas/Name" },
              "category": { "$ref": "#/components/schemas/Category" },
              "destinationName": { "$ref": "#/components/schemas/Name" },
              "railways": { "type": "array", "items": { "$ref": "#/components/schemas/RailwayRef" } },
              "stops": { "type": "array", "description": "From boarding to getting off, both included.", "items": { "type": "object", "required": ["station", "title"], "properties": { "station": { "type": "string" }, "title": { "$ref": "#/components/schemas/Name" }, "arrival": { "type": "string" }, "departure": { "type": "string" }, "arrivalMinute": { "type": "integer" }, "departureMinute": { "type": "integer" } } } }
            }
          },
          "Transfer": {
            "type": "object", "required": ["minutes", "place", "impossible", "tight"],
            "properties": {
              "minutes": { "type": "integer", "description": "From arriving to the next train leaving; negative when it leaves first." },
              "place": { "type": "string", "enum": ["samePlatform", "sameStation", "otherStation"] },
              "walkMeters": { "type": "integer" },
              "impossible": { "type": "boolean" },
              "tight": { "type": "boolean", "description": "Under 2 minutes between platform groups, or less than the walk to another station." }
            }
          },
          "Route": {
            "type": "object", "required": ["id", "serviceDate", "feasible", "segments", "transfers"],
            "properties": {
              "id": { "type": "string" }, "serviceDate": { "type": "string", "format": "date" },
              "departure": { "type": "string" }, "arrival": { "type": "string" }, "minutes": { "type": "integer" },
              "feasible": { "type": "boolean", "description": "No transfer is impossible." },
              "segments": { "type": "array", "items": { "$ref": "#/components/schemas/RouteSegment" } },
              "transfers": { "type": "array", "items": { "$ref": "#/components/schemas/Transfer" } }
            }
          },
          "Alternatives": {
            "type": "object", "required": ["segment", "chosen", "earlier", "later"],
            "properties": {
              "segment": { "type": "integer" },
              "chosen": { "$ref": "#/components/schemas/RouteSegment" },
              "earlier": { "type": "array", "items": { "$ref": "#/components/schemas/Alternative" } },
              "later": { "type": "array", "items": { "$ref": "#/components/schemas/Alternative" } }
            }
          },
          "Alternative": { "type": "object", "required": ["departsBy", "arrivesBy", "segment"], "properties": { "departsBy": { "type": "integer" }, "arrivesBy": { "type": "integer" }, "segment": { "$ref": "#/components/schemas/RouteSegment" } } },
          "Swap": {
            "type": "object", "required": ["route", "proposals"],
            "properties": {
              "route": { "$ref": "#/components/schemas/Route" },
              "proposals": { "type": "array", "items": { "type": "object", "required": ["segment", "reason", "train"], "properties": { "segment": { "type": "integer" }, "reason": { "type": "string", "enum": ["missed", "sooner"] }, "train": { "$ref": "#/components/schemas/RouteSegment" } } } }
            }
          },
          "Fastest": {
            "type": "object", "required": ["from", "to", "at", "walkMinutes", "options"],
            "properties": {
              "from": { "type": "string" }, "to": { "type": "string" },
              "at": { "type": "string", "description": "The moment searched from (the next day's 03:00 after the last trains)." },
              "walkMinutes": { "type": "integer" },
              "options": { "type": "array", "items": { "type": "object", "required": ["kind", "transfers", "route"], "properties": { "kind": { "type": "string", "enum": ["fastest", "fewerTransfers", "later"] }, "transfers": { "type": "integer" }, "route": { "$ref": "#/components/schemas/Route" } } } }
            }
          },
          "Suggestions": {
            "type": "object", "required": ["suggestions"],
            "properties": {
              "suggestions": { "type": "array", "items": { "type": "object", "required": ["pattern", "uses", "lastUsed"], "properties": {
                "pattern": { "type": "array", "items": { "type": "object", "required": ["board", "direction", "alight"], "properties": { "board": { "type": "string" }, "direction": { "type": "string" }, "alight": { "type": "string" } } } },
                "uses": { "type": "integer" }, "lastUsed": { "type": "string" },
                "distanceMeters": { "type": "integer" }, "walkMinutes": { "type": "integer" },
                "route": { "$ref": "#/components/schemas/Route" }
              } } }
            }
          },
          "Schedule": {
            "type": "object", "required": ["date", "dayKind", "reason", "railways"],
            "properties": {
              "date": { "type": "string", "format": "date" },
              "dayKind": { "type": "string", "enum": ["weekday", "saturday", "holiday", "dates"], "description": "dates: a feed's own calendar (GTFS)." },
              "reason": { "$ref": "#/components/schemas/Name" },
              "railways": { "type": "array", "items": { "type": "object", "required": ["railway", "name"], "properties": { "railway": { "type": "string" }, "name": { "$ref": "#/components/schemas/Name" }, "schedule": { "type": "string", "description": "Absent: no service that day." }, "scheduleName": { "$ref": "#/components/schemas/Name" }, "reasons": { "type": "array", "items": { "type": "string" }, "description": "On a feed's own calendar: why each of its services runs that day." } } } }
            }
          }
        }
      }
    }
    """
}
