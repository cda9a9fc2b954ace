/**
 * Real streets of the seeded areas (deals seed locations Glasgow, Edinburgh and Aberdeen), by
 * postcode district. House numbers and postcode units are generated deterministically
 * (seed/addresses.ts): the postcodes have the real format and district but are not claimed to
 * be Royal Mail's actual units.
 */
export interface Area {
  town: string;
  county: string;
  /** District → streets in it. */
  districts: Record<string, string[]>;
}

export const AREAS: Area[] = [
  {
    town: 'Glasgow',
    county: 'Glasgow City',
    districts: {
      G1: ['Buchanan Street', 'Ingram Street', 'Queen Street', 'Trongate', 'Candleriggs', 'Wilson Street', 'Royal Exchange Square'],
      G2: ['Bath Street', 'West George Street', 'St Vincent Street', 'West Regent Street', 'Hope Street', 'Wellington Street', 'Blythswood Square'],
      G3: ['Sauchiehall Street', 'Kelvingrove Street', 'Berkeley Street', 'Claremont Terrace', 'Finnieston Street', 'Argyle Street'],
      G4: ['High Street', 'Castle Street', 'Cathedral Street', 'Saltmarket', 'Duke Street'],
      G5: ['Gorbals Street', 'Cumberland Street', 'Laurieston Road', 'Caledonia Road'],
      G11: ['Dumbarton Road', 'Hyndland Street', 'Crow Road', 'Partick Bridge Street', 'White Street'],
      G12: ['Byres Road', 'Great Western Road', 'Ashton Lane', 'Cresswell Street', 'Kersland Street', 'University Avenue', 'Highburgh Road'],
    },
  },
  {
    town: 'Edinburgh',
    county: 'City of Edinburgh',
    districts: {
      EH1: ['Princes Street', 'High Street', 'Cockburn Street', 'Victoria Street', 'Grassmarket', 'North Bridge'],
      EH2: ['George Street', 'Rose Street', 'Hanover Street', 'Frederick Street', 'Castle Street', 'St Andrew Square'],
      EH3: ['Dundas Street', 'Howe Street', 'Lothian Road', 'Melville Street', 'Heriot Row'],
      EH4: ['Raeburn Place', 'Comely Bank Road', 'Queensferry Road'],
      EH5: ['Ferry Road', 'Granton Road', 'Trinity Road'],
      EH6: ['Leith Walk', 'Constitution Street', 'The Shore', 'Great Junction Street'],
      EH7: ['Easter Road', 'London Road', 'Broughton Street'],
      EH8: ['Canongate', 'Nicolson Street', 'Holyrood Road', 'Pleasance'],
      EH9: ['Marchmont Road', 'Warrender Park Road', 'Causewayside'],
      EH10: ['Morningside Road', 'Comiston Road', 'Bruntsfield Place'],
      EH11: ['Dalry Road', 'Gorgie Road', 'Fountainbridge'],
      EH12: ["St John's Road", 'Corstorphine Road', 'Clermiston Road'],
    },
  },
  {
    town: 'Aberdeen',
    county: 'Aberdeen City',
    districts: {
      AB10: ['Union Street', 'Holburn Street', 'Crown Street', 'Bon Accord Street', 'Great Western Road'],
      AB11: ['Market Street', 'Regent Quay', 'Menzies Road', 'Victoria Road'],
      AB15: ['Queens Road', 'Anderson Drive', 'Fountainhall Road', 'Carden Place'],
      AB16: ['Lang Stracht', 'Mastrick Drive'],
      AB21: ['Victoria Street', 'Pitmedden Road'],
      AB22: ['Scotstown Road', 'Ellon Road'],
      AB24: ['King Street', 'College Bounds', 'High Street', 'George Street'],
      AB25: ['Rosemount Place', 'Westburn Road', 'Skene Street', 'Esslemont Avenue'],
    },
  },
];
