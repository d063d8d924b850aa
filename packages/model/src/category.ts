// The dashboard's category filter: every deal gets one `category` at write time (buildDealDoc), from the
// source's hint when it names one of the categories, otherwise from keywords of its type, title, shop name and
// description. The set is small and fixed so each value has its indexes and a stable label.
//
//   electronics  phones, computers, audio, TV, cameras, gaming, smart-home devices
//   fashion      clothing, shoes, bags, jewellery, watches, outdoor apparel
//   home         furniture, bedding, kitchen, garden, tools, office furniture, pets' home supplies
//   beauty       skincare, makeup, fragrance, hair, health and wellness (vitamins, supplements)
//   travel       flights, hotels, luggage, car rental, travel gear
//   food         groceries, meal kits, restaurants, delivery, coffee and drinks
//   other        everything else (books, toys, services, …)
//
// Matching: each keyword found as a word prefix scores 3 in the title, 2 in the type or shop name, 1 in the
// description; the highest total wins, ties go to the earlier category in DEAL_CATEGORIES; no hit = 'other'.
import { searchWords } from './search';

export const DEAL_CATEGORIES = [
  'electronics',
  'fashion',
  'home',
  'beauty',
  'travel',
  'food',
  'other',
] as const;
export type DealCategory = (typeof DEAL_CATEGORIES)[number];

export const DEAL_CATEGORY_LABELS: Record<DealCategory, string> = {
  electronics: 'Electronics',
  fashion: 'Fashion',
  home: 'Home & Garden',
  beauty: 'Beauty & Health',
  travel: 'Travel',
  food: 'Food & Drink',
  other: 'Other',
};

export function isDealCategory(value: unknown): value is DealCategory {
  return typeof value === 'string' && (DEAL_CATEGORIES as readonly string[]).includes(value);
}

/** Folded word prefixes: "earbud" matches "earbuds", "laptop" matches "laptops". */
const KEYWORDS: Record<Exclude<DealCategory, 'other'>, readonly string[]> = {
  electronics: [
    'electronic',
    'laptop',
    'computer',
    'monitor',
    'phone',
    'smartphone',
    'smartwatch',
    'tablet',
    'earbud',
    'headphone',
    'headset',
    'speaker',
    'tv',
    'television',
    'camera',
    'charger',
    'console',
    'gaming',
    'video game',
    'controller',
    'printer',
    'router',
    'gadget',
    'tech',
    'drone',
    'ebook reader',
    '4k',
  ],
  fashion: [
    'fashion',
    'clothing',
    'apparel',
    'jacket',
    'shell',
    'sweater',
    'pants',
    'jeans',
    'shirt',
    'dress',
    'shoe',
    'sneaker',
    'sandal',
    'boot',
    'jersey',
    'outfit',
    'sock',
    'handbag',
    'jewel',
    'watch',
    'hoodie',
    'coat',
  ],
  home: [
    'home',
    'bedding',
    'lamp',
    'rug',
    'towel',
    'furniture',
    'sofa',
    'mattress',
    'kitchen',
    'cookware',
    'knife',
    'mixer',
    'espresso machine',
    'garden',
    'planter',
    'patio',
    'seed kit',
    'tool',
    'desk',
    'chair',
    'decor',
    'pet bed',
    'litter',
    'vacuum',
    'appliance',
  ],
  beauty: [
    'beauty',
    'skincare',
    'makeup',
    'fragrance',
    'perfume',
    'cosmetic',
    'hair',
    'nail',
    'vitamin',
    'multivitamin',
    'supplement',
    'protein',
    'fish oil',
    'wellness',
    'sleep aid',
  ],
  travel: [
    'travel',
    'flight',
    'hotel',
    'luggage',
    'carry on',
    'suitcase',
    'backpack',
    'packing cube',
    'neck pillow',
    'cruise',
    'car rental',
    'vacation',
    'airline',
    'trip',
  ],
  food: [
    'food',
    'grocery',
    'groceries',
    'meal',
    'produce',
    'coffee',
    'tea',
    'snack',
    'restaurant',
    'pizza',
    'drink',
    'wine',
    'organic',
    'pantry',
    'dog food',
    'cat food',
  ],
};

const KEYWORD_WORDS = Object.entries(KEYWORDS).map(([category, keywords]) => ({
  category: category as DealCategory,
  keywords: keywords.map((keyword) => searchWords(keyword)),
}));

/** How many times a keyword (one or more words) starts at a word of `words`. */
function occurrences(words: readonly string[], keyword: readonly string[]): number {
  let count = 0;
  for (let i = 0; i + keyword.length <= words.length; i++) {
    const last = keyword.length - 1;
    const matches = keyword.every((part, j) =>
      j === last ? (words[i + j] ?? '').startsWith(part) : words[i + j] === part,
    );
    if (matches) count++;
  }
  return count;
}

export interface CategorySource {
  /** A category named by the source itself; used when it is one of DEAL_CATEGORIES. */
  hint?: string | null;
  type: string;
  title: string;
  shop_name: string;
  description: string;
}

export function categoryOf(source: CategorySource): DealCategory {
  const hint = source.hint?.trim().toLowerCase();
  if (isDealCategory(hint)) return hint;
  const weighted: Array<[string[], number]> = [
    [searchWords(source.title), 3],
    [searchWords(source.type), 2],
    [searchWords(source.shop_name), 2],
    [searchWords(source.description), 1],
  ];
  let best: DealCategory = 'other';
  let bestScore = 0;
  for (const { category, keywords } of KEYWORD_WORDS) {
    let score = 0;
    for (const [words, weight] of weighted) {
      for (const keyword of keywords) score += occurrences(words, keyword) * weight;
    }
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
