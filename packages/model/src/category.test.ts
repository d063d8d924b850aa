import { categoryOf, DEAL_CATEGORIES, isDealCategory } from './category';

const deal = (title: string, shop_name = '', description = '', type = '') => ({
  title,
  shop_name,
  description,
  type,
});

describe('categoryOf', () => {
  it.each([
    ['20% off wireless earbuds', 'Bluebird Electronics', 'electronics'],
    ['$50 off 4K monitors', 'Bluebird Electronics', 'electronics'],
    ['BOGO: video games', 'Pixel Arcade', 'electronics'],
    ['Up to 60% off winter jackets', 'Northwind Outfitters', 'fashion'],
    ['15% off sneakers', 'Sunset Shoes', 'fashion'],
    ['Free shipping on bedding sets', 'Cedar & Pine Home', 'home'],
    ['$25 off stand mixers', 'Copper Kettle Kitchen', 'home'],
    ['30% off skincare sets', 'Lumen Beauty', 'beauty'],
    ['Save on multivitamins', 'Brightside Vitamins', 'beauty'],
    ['20% off carry-on luggage', 'Atlas Travel Gear', 'travel'],
    ['$10 off meal kits', 'Pantry Fresh', 'food'],
    ['Special offer on coffee beans', 'Pantry Fresh', 'food'],
    ['25% off bestsellers', 'Harbor Books', 'other'],
    ['Special offer', '', 'other'],
  ] as const)('%j at %j → %s', (title, shop, category) => {
    expect(categoryOf(deal(title, shop))).toBe(category);
  });

  it('is case- and accent-insensitive', () => {
    expect(categoryOf(deal('HÔTEL deals in Paris'))).toBe('travel');
  });

  it('weighs the title over the description', () => {
    expect(categoryOf(deal('Laptops on sale', '', 'Free coffee with every order'))).toBe('electronics');
  });

  it("uses the source's hint when it names a category, in any case, and ignores other hints", () => {
    expect(categoryOf({ ...deal('Laptops on sale'), hint: 'Travel' })).toBe('travel');
    expect(categoryOf({ ...deal('Laptops on sale'), hint: 'Computers & Tablets' })).toBe('electronics');
    expect(categoryOf({ ...deal('Laptops on sale'), hint: null })).toBe('electronics');
  });

  it('has a small fixed set ending with "other"', () => {
    expect(DEAL_CATEGORIES).toEqual(['electronics', 'fashion', 'home', 'beauty', 'travel', 'food', 'other']);
    expect(isDealCategory('home')).toBe(true);
    expect(isDealCategory('Home')).toBe(false);
    expect(isDealCategory(3)).toBe(false);
  });
});
