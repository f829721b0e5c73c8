// The home page only needs translations; it never starts the Python runtime.
import { I18n } from "./i18n.js";

await I18n.start();
