// Runs in a worker started by src/lib/intl-warmup.ts. Creating the app's first Intl formatters loads the browser's
// date and number data (ICU), which the whole renderer process then shares: done here, it costs the main thread
// nothing, and the page's own formatters are created in well under a millisecond instead of tens on a phone.
import { monthlyPriceLabel } from '@/config/product';
import { formatCalendarDate, formatPublicationDate } from './format-date';

const epoch = new Date(0);
postMessage([formatPublicationDate(epoch), formatCalendarDate(epoch), monthlyPriceLabel].join());
self.close();
