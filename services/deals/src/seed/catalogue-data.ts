/**
 * The fixed part of the catalogue: locations (spec §2, §3), real neighbourhoods with their
 * postcode districts and coordinates, and the category tree per kind of location.
 */

export type Scope = 'local' | 'shop' | 'travel';

export interface LocationSeed {
  id: number;
  slug: string;
  name: string;
  shortName: string;
  description: string;
  lat: number;
  lon: number;
  region: string;
  siteGroup: string;
  scope: Scope;
  isDefault: boolean;
  isTravel: boolean;
  isNational: boolean;
}

export const LOCATIONS: LocationSeed[] = [
  { id: 1, slug: 'glasgow', name: 'Glasgow', shortName: 'Glasgow', description: 'The best deals on restaurants, spa days, afternoon tea and things to do in Glasgow.', lat: 55.8642, lon: -4.2518, region: 'Scotland', siteGroup: 'scotland', scope: 'local', isDefault: true, isTravel: false, isNational: false },
  { id: 2, slug: 'edinburgh', name: 'Edinburgh', shortName: 'Edinburgh', description: 'Discounted dining, pampering and days out across Edinburgh, from Leith to Morningside.', lat: 55.9533, lon: -3.1883, region: 'Scotland', siteGroup: 'scotland', scope: 'local', isDefault: false, isTravel: false, isNational: false },
  { id: 3, slug: 'aberdeen', name: 'Aberdeen', shortName: 'Aberdeen', description: 'Local offers in the Granite City: restaurants, spas, beauty and activities in Aberdeen.', lat: 57.1497, lon: -2.0943, region: 'Scotland', siteGroup: 'scotland', scope: 'local', isDefault: false, isTravel: false, isNational: false },
  // national-deal is the national location; shop is its display url (spec §2).
  { id: 4, slug: 'shop', name: 'Shop', shortName: 'Shop', description: 'National deals delivered to your door anywhere in the UK: electricals, home, beauty, fashion and gifts.', lat: 54.0, lon: -2.5, region: 'UK', siteGroup: 'national', scope: 'shop', isDefault: false, isTravel: false, isNational: true },
  { id: 5, slug: 'travel', name: 'Travel', shortName: 'Travel', description: 'UK breaks and holidays abroad: hotel stays, spa breaks and city escapes for less.', lat: 54.0, lon: -2.5, region: 'UK', siteGroup: 'travel', scope: 'travel', isDefault: false, isTravel: true, isNational: false },
];

export interface Area {
  name: string;
  district: string;
  lat: number;
  lon: number;
  streets: string[];
}

/** Real neighbourhoods, their postcode districts and approximate centres. */
export const AREAS: Record<string, Area[]> = {
  glasgow: [
    { name: 'Merchant City', district: 'G1', lat: 55.8595, lon: -4.2455, streets: ['Candleriggs', 'Albion Street', 'Ingram Street', 'Wilson Street', 'Brunswick Street'] },
    { name: 'City Centre', district: 'G2', lat: 55.8617, lon: -4.2583, streets: ['West George Street', 'Bath Street', 'West Nile Street', 'Hope Street', 'Renfield Street'] },
    { name: 'Finnieston', district: 'G3', lat: 55.8655, lon: -4.2850, streets: ['Argyle Street', 'Kelvinhaugh Street', 'Sandyford Street', 'Minerva Street'] },
    { name: 'West End', district: 'G12', lat: 55.8752, lon: -4.2930, streets: ['Byres Road', 'Ashton Lane', 'Great Western Road', 'Cresswell Street', 'Ruthven Lane'] },
    { name: 'Partick', district: 'G11', lat: 55.8705, lon: -4.3090, streets: ['Dumbarton Road', 'Crow Road', 'Hyndland Street'] },
    { name: 'Shawlands', district: 'G41', lat: 55.8290, lon: -4.2830, streets: ['Kilmarnock Road', 'Pollokshaws Road', 'Skirving Street'] },
    { name: 'Strathbungo', district: 'G41', lat: 55.8375, lon: -4.2740, streets: ['Nithsdale Road', 'Moray Place'] },
    { name: 'Dennistoun', district: 'G31', lat: 55.8610, lon: -4.2170, streets: ['Duke Street', 'Alexandra Parade', 'Roslea Drive'] },
    { name: 'Battlefield', district: 'G42', lat: 55.8200, lon: -4.2650, streets: ['Battlefield Road', 'Sinclair Drive'] },
    { name: 'Hillhead', district: 'G12', lat: 55.8770, lon: -4.2890, streets: ['Otago Street', 'Gibson Street', 'Vinicombe Street'] },
  ],
  edinburgh: [
    { name: 'Old Town', district: 'EH1', lat: 55.9497, lon: -3.1905, streets: ['Cockburn Street', 'Victoria Street', 'Grassmarket', 'Blair Street', 'High Street'] },
    { name: 'New Town', district: 'EH2', lat: 55.9540, lon: -3.1985, streets: ['Rose Street', 'Thistle Street', 'George Street', 'Hanover Street'] },
    { name: 'Stockbridge', district: 'EH3', lat: 55.9585, lon: -3.2085, streets: ['Raeburn Place', 'St Stephen Street', 'Hamilton Place'] },
    { name: 'West End', district: 'EH3', lat: 55.9490, lon: -3.2110, streets: ['William Street', 'Shandwick Place', 'Queensferry Street'] },
    { name: 'Leith', district: 'EH6', lat: 55.9755, lon: -3.1700, streets: ['The Shore', 'Constitution Street', 'Leith Walk', 'Commercial Quay'] },
    { name: 'Bruntsfield', district: 'EH10', lat: 55.9370, lon: -3.2065, streets: ['Bruntsfield Place', 'Leven Street', 'Whitehouse Loan'] },
    { name: 'Morningside', district: 'EH10', lat: 55.9280, lon: -3.2100, streets: ['Morningside Road', 'Comiston Road', 'Canaan Lane'] },
    { name: 'Marchmont', district: 'EH9', lat: 55.9385, lon: -3.1920, streets: ['Warrender Park Road', 'Marchmont Crescent'] },
    { name: 'Portobello', district: 'EH15', lat: 55.9530, lon: -3.1140, streets: ['Portobello High Street', 'Bath Street', 'Promenade'] },
    { name: 'Haymarket', district: 'EH12', lat: 55.9460, lon: -3.2185, streets: ['Haymarket Terrace', 'Dalry Road', 'West Maitland Street'] },
  ],
  aberdeen: [
    { name: 'City Centre', district: 'AB10', lat: 57.1455, lon: -2.1000, streets: ['Union Street', 'Belmont Street', 'Crown Street', 'Bon Accord Street'] },
    { name: 'Merchant Quarter', district: 'AB11', lat: 57.1470, lon: -2.0930, streets: ['Shiprow', 'Exchange Street', 'Market Street'] },
    { name: 'Rosemount', district: 'AB25', lat: 57.1510, lon: -2.1160, streets: ['Rosemount Viaduct', 'Rosemount Place', 'Skene Street'] },
    { name: 'Old Aberdeen', district: 'AB24', lat: 57.1655, lon: -2.1010, streets: ['High Street', 'King Street', 'Spital'] },
    { name: 'Footdee', district: 'AB11', lat: 57.1430, lon: -2.0780, streets: ['Esplanade', 'Pocra Quay'] },
    { name: 'Ferryhill', district: 'AB11', lat: 57.1350, lon: -2.1000, streets: ['Fonthill Road', 'Polmuir Road'] },
    { name: 'West End', district: 'AB15', lat: 57.1410, lon: -2.1300, streets: ['Queens Road', 'Albyn Place', 'Great Western Road'] },
    { name: 'Cults', district: 'AB15', lat: 57.1185, lon: -2.1700, streets: ['North Deeside Road', 'Kirk Brae'] },
  ],
  shop: [
    { name: 'Hillington Park, Glasgow', district: 'G52', lat: 55.8560, lon: -4.3700, streets: ['Montrose Avenue', 'Earl Haig Road'] },
    { name: 'Trafford Park, Manchester', district: 'M17', lat: 53.4640, lon: -2.3150, streets: ['Westinghouse Road', 'Mosley Road'] },
    { name: 'Hunslet, Leeds', district: 'LS10', lat: 53.7770, lon: -1.5300, streets: ['Pepper Road', 'Thwaite Gate'] },
    { name: 'Aston, Birmingham', district: 'B6', lat: 52.5030, lon: -1.8850, streets: ['Lichfield Road', 'Park Lane'] },
    { name: 'Livingston', district: 'EH54', lat: 55.8860, lon: -3.5200, streets: ['Houstoun Road', 'Brucefield Drive'] },
    { name: 'Park Royal, London', district: 'NW10', lat: 51.5270, lon: -0.2750, streets: ['Abbey Road', 'Coronation Road'] },
  ],
  travel: [],
};

/** Travel destinations: where the hotel or holiday is. */
export interface Destination {
  place: string;
  country: string;
  postcode: string;
  lat: number;
  lon: number;
  international: boolean;
}

export const DESTINATIONS: Record<string, Destination[]> = {
  'scottish-highlands': [
    { place: 'Aviemore', country: 'Scotland', postcode: 'PH22', lat: 57.1950, lon: -3.8270, international: false },
    { place: 'Fort William', country: 'Scotland', postcode: 'PH33', lat: 56.8198, lon: -5.1052, international: false },
    { place: 'Pitlochry', country: 'Scotland', postcode: 'PH16', lat: 56.7030, lon: -3.7340, international: false },
    { place: 'Inverness', country: 'Scotland', postcode: 'IV2', lat: 57.4778, lon: -4.2247, international: false },
    { place: 'Oban', country: 'Scotland', postcode: 'PA34', lat: 56.4150, lon: -5.4710, international: false },
  ],
  'scottish-islands': [
    { place: 'Isle of Skye', country: 'Scotland', postcode: 'IV51', lat: 57.4120, lon: -6.1960, international: false },
    { place: 'Isle of Arran', country: 'Scotland', postcode: 'KA27', lat: 55.5760, lon: -5.1460, international: false },
    { place: 'Isle of Mull', country: 'Scotland', postcode: 'PA75', lat: 56.6220, lon: -6.0690, international: false },
  ],
  'uk-city-breaks': [
    { place: 'York', country: 'England', postcode: 'YO1', lat: 53.9590, lon: -1.0815, international: false },
    { place: 'Liverpool', country: 'England', postcode: 'L1', lat: 53.4048, lon: -2.9800, international: false },
    { place: 'Bath', country: 'England', postcode: 'BA1', lat: 51.3811, lon: -2.3590, international: false },
    { place: 'London', country: 'England', postcode: 'WC2', lat: 51.5115, lon: -0.1230, international: false },
    { place: 'Manchester', country: 'England', postcode: 'M1', lat: 53.4794, lon: -2.2453, international: false },
  ],
  'uk-spa-breaks': [
    { place: 'Harrogate', country: 'England', postcode: 'HG1', lat: 53.9921, lon: -1.5418, international: false },
    { place: 'St Andrews', country: 'Scotland', postcode: 'KY16', lat: 56.3398, lon: -2.7967, international: false },
    { place: 'Windermere', country: 'England', postcode: 'LA23', lat: 54.3800, lon: -2.9070, international: false },
    { place: 'Peebles', country: 'Scotland', postcode: 'EH45', lat: 55.6510, lon: -3.1880, international: false },
  ],
  'coast-countryside': [
    { place: 'St Ives', country: 'England', postcode: 'TR26', lat: 50.2110, lon: -5.4800, international: false },
    { place: 'Whitby', country: 'England', postcode: 'YO21', lat: 54.4860, lon: -0.6150, international: false },
    { place: 'Tenby', country: 'Wales', postcode: 'SA70', lat: 51.6727, lon: -4.7030, international: false },
    { place: 'North Berwick', country: 'Scotland', postcode: 'EH39', lat: 56.0580, lon: -2.7170, international: false },
  ],
  europe: [
    { place: 'Seville', country: 'Spain', postcode: '41004', lat: 37.3886, lon: -5.9823, international: true },
    { place: 'Lisbon', country: 'Portugal', postcode: '1100-148', lat: 38.7223, lon: -9.1393, international: true },
    { place: 'Rome', country: 'Italy', postcode: '00186', lat: 41.9028, lon: 12.4964, international: true },
    { place: 'Prague', country: 'Czech Republic', postcode: '110 00', lat: 50.0755, lon: 14.4378, international: true },
    { place: 'Amsterdam', country: 'the Netherlands', postcode: '1012', lat: 52.3676, lon: 4.9041, international: true },
  ],
  'beach-holidays': [
    { place: 'Algarve', country: 'Portugal', postcode: '8200-593', lat: 37.0890, lon: -8.2500, international: true },
    { place: 'Tenerife', country: 'Spain', postcode: '38660', lat: 28.0830, lon: -16.7300, international: true },
    { place: 'Crete', country: 'Greece', postcode: '730 14', lat: 35.5138, lon: 24.0180, international: true },
    { place: 'Mallorca', country: 'Spain', postcode: '07157', lat: 39.5696, lon: 2.6502, international: true },
  ],
  'long-haul': [
    { place: 'Dubai', country: 'the UAE', postcode: '00000', lat: 25.2048, lon: 55.2708, international: true },
    { place: 'New York', country: 'the USA', postcode: '10036', lat: 40.7580, lon: -73.9855, international: true },
    { place: 'Bali', country: 'Indonesia', postcode: '80361', lat: -8.7190, lon: 115.1680, international: true },
  ],
};

export interface CategorySeed {
  slug: string;
  name: string;
  scope: Scope;
  navigationType?: 'UK Travel' | 'International Travel';
  description: string;
  subs: Array<[slug: string, name: string]>;
}

/** The category tree. City categories follow spec §2's sub-category navigation, in order. */
export const CATEGORY_TREE: CategorySeed[] = [
  { slug: 'restaurants-food', name: 'Restaurants & Food', scope: 'local', description: 'Dining deals from local restaurants, from tasting menus to brunch.', subs: [['italian', 'Italian'], ['indian', 'Indian'], ['steakhouse', 'Steakhouse & Grill'], ['seafood', 'Seafood'], ['brunch', 'Brunch'], ['asian', 'Asian'], ['pizza', 'Pizza'], ['burgers', 'Burgers']] },
  { slug: 'activities-entertainment', name: 'Activities & Entertainment', scope: 'local', description: 'Things to do: escape rooms, golf, karting, tours and more.', subs: [['escape-rooms', 'Escape Rooms'], ['golf', 'Golf'], ['karting', 'Karting'], ['axe-throwing', 'Axe Throwing'], ['tours', 'Tours & Sightseeing'], ['climbing', 'Climbing'], ['bowling', 'Bowling & Games']] },
  { slug: 'afternoon-tea', name: 'Afternoon Tea', scope: 'local', description: 'Sandwiches, scones and cakes with tea or a glass of fizz.', subs: [['classic-afternoon-tea', 'Classic Afternoon Tea'], ['prosecco-afternoon-tea', 'Prosecco Afternoon Tea'], ['gin-afternoon-tea', 'Gin Afternoon Tea']] },
  { slug: 'spa', name: 'Spa', scope: 'local', description: 'Spa days, treatments and thermal suites near you.', subs: [['spa-days', 'Spa Days'], ['spa-for-two', 'Spa Days for Two'], ['massage', 'Massage'], ['facials', 'Facials']] },
  { slug: 'beauty', name: 'Beauty', scope: 'local', description: 'Hair, nails, lashes and treatments at local salons.', subs: [['spa', 'Spa Treatments'], ['nails', 'Nails'], ['hair', 'Hair'], ['lashes-brows', 'Lashes & Brows'], ['aesthetics', 'Aesthetics']] },
  { slug: 'health-fitness', name: 'Health & Fitness', scope: 'local', description: 'Gym passes, classes and personal training.', subs: [['gym-passes', 'Gym Passes'], ['yoga-pilates', 'Yoga & Pilates'], ['personal-training', 'Personal Training'], ['bootcamps', 'Bootcamps']] },
  { slug: 'learning', name: 'Learning', scope: 'local', description: 'Classes and courses: cookery, languages, arts and driving.', subs: [['cookery-classes', 'Cookery Classes'], ['art-classes', 'Art & Craft Classes'], ['language-lessons', 'Language Lessons'], ['driving-lessons', 'Driving Lessons']] },
  { slug: 'food-drink', name: 'Food & Drink', scope: 'local', description: 'Tastings, cocktails, afternoon tea and sweet treats.', subs: [['afternoon-tea', 'Afternoon Tea'], ['cocktails', 'Cocktails'], ['whisky-tasting', 'Whisky Tasting'], ['gin-tasting', 'Gin Tasting'], ['wine-tasting', 'Wine Tasting'], ['bakery-treats', 'Bakery & Treats']] },
  { slug: 'electricals', name: 'Electricals', scope: 'shop', description: 'Headphones, kitchen appliances, smart home and gadgets.', subs: [['headphones-audio', 'Headphones & Audio'], ['kitchen-appliances', 'Kitchen Appliances'], ['smart-home', 'Smart Home'], ['gadgets', 'Gadgets']] },
  { slug: 'home-garden', name: 'Home & Garden', scope: 'shop', description: 'Bedding, kitchenware, lighting and garden essentials.', subs: [['bedding', 'Bedding'], ['kitchenware', 'Kitchenware'], ['garden', 'Garden'], ['lighting', 'Lighting']] },
  { slug: 'health-beauty', name: 'Health & Beauty', scope: 'shop', description: 'Fragrance, skincare, haircare and grooming.', subs: [['fragrance', 'Fragrance'], ['skincare', 'Skincare'], ['haircare', 'Haircare'], ['grooming', 'Grooming']] },
  { slug: 'fashion', name: 'Fashion', scope: 'shop', description: 'Clothing, accessories and jewellery for less.', subs: [['womens', "Women's"], ['mens', "Men's"], ['accessories', 'Accessories'], ['jewellery', 'Jewellery']] },
  { slug: 'toys-gifts', name: 'Toys & Gifts', scope: 'shop', description: 'Toys, games and personalised gifts.', subs: [['toys-games', 'Toys & Games'], ['personalised-gifts', 'Personalised Gifts'], ['gift-sets', 'Gift Sets']] },
  { slug: 'scotland-breaks', name: 'Scotland Breaks', scope: 'travel', navigationType: 'UK Travel', description: 'Hotel stays in the Highlands and islands.', subs: [['scottish-highlands', 'Highlands'], ['scottish-islands', 'Islands']] },
  { slug: 'uk-city-breaks', name: 'UK City Breaks', scope: 'travel', navigationType: 'UK Travel', description: 'City hotel stays across the UK.', subs: [] },
  { slug: 'uk-spa-breaks', name: 'UK Spa Breaks', scope: 'travel', navigationType: 'UK Travel', description: 'Overnight stays with spa access and treatments.', subs: [] },
  { slug: 'coast-countryside', name: 'Coast & Countryside', scope: 'travel', navigationType: 'UK Travel', description: 'Seaside and country escapes.', subs: [] },
  { slug: 'europe', name: 'Europe', scope: 'travel', navigationType: 'International Travel', description: 'City breaks in Europe with flights and hotel.', subs: [['spain', 'Spain'], ['portugal', 'Portugal'], ['italy', 'Italy'], ['central-europe', 'Central Europe']] },
  { slug: 'beach-holidays', name: 'Beach Holidays', scope: 'travel', navigationType: 'International Travel', description: 'Sun, sea and all-inclusive escapes.', subs: [] },
  { slug: 'long-haul', name: 'Long Haul', scope: 'travel', navigationType: 'International Travel', description: 'Far-flung holidays with flights.', subs: [] },
];

/** How many deals of a catalogue each location gets. */
export const LOCATION_SHARE: Record<string, number> = { glasgow: 0.3, edinburgh: 0.25, aberdeen: 0.12, shop: 0.18, travel: 0.15 };
