// The server page's start (a file of its own: the page's CSP allows no inline script).
"use strict";
MV.serverApp(document.getElementById("app"));
