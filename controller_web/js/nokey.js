// The "scan the code on the TV" page: text and language only, no seat and no socket.

import { setupStaticPage } from "./langpage.js";

setupStaticPage();
