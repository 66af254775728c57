// What each of the simulator's sales offers, as an auction house catalogues it: an artist or maker
// and a work or model, each in a few examples told apart by a year, an edition or a number. Every
// example is a lot title of its own (sale-catalogue.ts draws each lot a different one), so a sale
// of up to 80 lots never offers the same title twice; each list holds about 100 examples, so two
// sessions of a sale differ in what they offer, not only in their order. The two car sales share
// some models and years on purpose: the same title in two sales must never mix on the console.

/** A work or model and its examples, each a lot title of its own (titleOf). */
export interface Piece {
  /** Where `{}` stands, the variant goes (a car's year leads); without it, it follows a comma. */
  title: string;
  /** Distinct within the piece: a year, an edition, a plate or a catalogue number. */
  variants: readonly string[];
  /** The estimate of every example, in major units of the sale's currency. */
  low: number;
  high: number;
}

const piece = (title: string, low: number, high: number, variants: readonly string[]): Piece => ({
  title,
  variants,
  low,
  high,
});

/** The lot title of one example of the piece. */
export const titleOf = (piece: Piece, variant: string) =>
  piece.title.includes('{}') ? piece.title.replace('{}', variant) : `${piece.title}, ${variant}`;

const years = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
const dated = (...list: number[]) => list.map(String);
const circa = (...list: number[]) => list.map((year) => `circa ${year}`);
const editions = (size: number, ...numbers: number[]) =>
  numbers.map((number) => `edition ${number}/${size}`);

export const modernArt: Piece[] = [
  piece('Nicolas de Staël, Composition in blue', 60_000, 90_000, years(1949, 1953)),
  piece('Pablo Picasso, Nu couché, etching', 15_000, 25_000, editions(50, 4, 12, 23, 37, 45)),
  piece('Raoul Dufy, Le port de Honfleur', 30_000, 50_000, dated(1925, 1926, 1928, 1930, 1933)),
  piece(
    'Francis Bacon, Study for a portrait, lithograph',
    8_000,
    12_000,
    editions(150, 8, 26, 61, 97, 132),
  ),
  piece('Sam Francis, Untitled (red)', 4_000, 6_000, dated(1963, 1965, 1968, 1971, 1974)),
  piece(
    'Georges Braque, Nature morte aux citrons, lithograph',
    2_000,
    3_000,
    editions(75, 3, 19, 33, 52, 70),
  ),
  piece('Joan Miró, Constellation, lithograph', 5_000, 8_000, editions(100, 5, 28, 44, 71, 90)),
  piece(
    'Marc Chagall, Les amoureux au bouquet',
    80_000,
    120_000,
    dated(1955, 1958, 1961, 1964, 1967),
  ),
  piece('Fernand Léger, Les constructeurs, gouache', 50_000, 70_000, years(1950, 1953)),
  piece('Sonia Delaunay, Rythme couleur', 20_000, 30_000, [
    'no. 1076',
    'no. 1254',
    'no. 1431',
    'no. 1517',
    'no. 1620',
  ]),
  piece('Jean Dubuffet, Paysage du Calvados', 40_000, 60_000, dated(1954, 1957, 1960, 1963)),
  piece('Pierre Soulages, Peinture', 200_000, 300_000, [
    '3 mars 1959',
    '14 avril 1961',
    '20 mai 1963',
    '8 juin 1966',
    '30 janvier 1972',
  ]),
  piece('Victor Vasarely, Vega', 10_000, 15_000, dated(1957, 1968, 1969, 1971, 1975)),
  piece('Zao Wou-Ki, Sans titre', 100_000, 150_000, dated(1958, 1962, 1966, 1970, 1975)),
  piece('Hans Hartung', 25_000, 35_000, [
    'T1956-9',
    'T1962-R4',
    'T1963-H12',
    'T1973-E13',
    'T1989-R15',
  ]),
  piece(
    'Bernard Buffet, Le port de Saint-Tropez',
    20_000,
    30_000,
    dated(1956, 1960, 1965, 1970, 1977),
  ),
  piece('Alexander Calder, Spirales, gouache', 15_000, 20_000, dated(1969, 1971, 1972, 1974, 1975)),
  piece(
    'Serge Poliakoff, Composition abstraite',
    60_000,
    80_000,
    dated(1955, 1959, 1962, 1965, 1968),
  ),
  piece(
    'Maurice de Vlaminck, Paysage de neige',
    12_000,
    18_000,
    dated(1920, 1925, 1930, 1935, 1940),
  ),
  piece(
    'Niki de Saint Phalle, Nana, painted polyester',
    30_000,
    40_000,
    editions(20, 3, 7, 11, 16, 19),
  ),
  piece('Yves Klein, Vénus bleue', 8_000, 12_000, editions(300, 42, 87, 153, 210, 288)),
  piece('Henri Matisse, Jazz, pochoir', 6_000, 9_000, [
    'plate II',
    'plate VIII',
    'plate XI',
    'plate XVI',
    'plate XVIII',
  ]),
];

export const watches: Piece[] = [
  piece(
    'Patek Philippe ref. 2499 perpetual calendar chronograph',
    400_000,
    600_000,
    circa(1951, 1953, 1957, 1960, 1978),
  ),
  piece('Patek Philippe Calatrava ref. 96', 15_000, 25_000, circa(1934, 1941, 1948, 1955, 1962)),
  piece(
    'Patek Philippe Nautilus ref. 3700/1A',
    80_000,
    120_000,
    circa(1976, 1978, 1981, 1985, 1989),
  ),
  piece('Rolex Cosmograph Daytona ref. 6263', 80_000, 120_000, circa(1971, 1974, 1977, 1981, 1986)),
  piece('Rolex Submariner ref. 5513', 10_000, 15_000, circa(1964, 1967, 1972, 1978, 1985)),
  piece('Rolex GMT-Master ref. 1675', 12_000, 18_000, circa(1960, 1964, 1968, 1973, 1979)),
  piece('Rolex Explorer ref. 1016', 8_000, 12_000, circa(1963, 1966, 1970, 1976, 1984)),
  piece(
    'Omega Speedmaster Professional ref. 145.022',
    5_000,
    8_000,
    circa(1968, 1971, 1975, 1980, 1986),
  ),
  piece('Cartier Tank Cintrée', 10_000, 15_000, circa(1924, 1929, 1936, 1958, 1975)),
  piece(
    'Audemars Piguet Royal Oak ref. 5402ST',
    50_000,
    70_000,
    circa(1972, 1974, 1977, 1982, 1988),
  ),
  piece(
    'Vacheron Constantin ref. 222 "Jumbo"',
    40_000,
    60_000,
    circa(1977, 1979, 1981, 1983, 1985),
  ),
  piece('Jaeger-LeCoultre Reverso', 6_000, 9_000, circa(1931, 1934, 1938, 1991, 1996)),
  piece('Heuer Carrera ref. 2447', 8_000, 12_000, circa(1963, 1965, 1967, 1969, 1971)),
  piece('Heuer Monaco ref. 1133B', 12_000, 18_000, circa(1969, 1970, 1971, 1972, 1974)),
  piece('Universal Genève Polerouter', 2_000, 3_000, circa(1955, 1958, 1961, 1964, 1968)),
  piece('Breguet Type XX chronograph', 10_000, 15_000, circa(1953, 1955, 1957, 1959, 1962)),
  piece('IWC Mark XI', 5_000, 8_000, circa(1949, 1953, 1958, 1966, 1978)),
  piece('Longines 13ZN chronograph', 15_000, 25_000, circa(1938, 1941, 1945, 1949, 1952)),
  piece('A. Lange & Söhne Lange 1', 20_000, 30_000, circa(1995, 1998, 2001, 2004, 2008)),
  piece(
    'F.P. Journe Chronomètre à Résonance',
    80_000,
    120_000,
    circa(2001, 2003, 2006, 2009, 2012),
  ),
];

export const newYorkCars: Piece[] = [
  piece('{} Jaguar E-Type Series 1 3.8 Roadster', 150_000, 200_000, years(1961, 1964)),
  piece('{} Jaguar E-Type Series 1 4.2 Fixed Head Coupé', 120_000, 160_000, years(1965, 1967)),
  piece('{} Jaguar XK120 Roadster', 90_000, 130_000, years(1950, 1954)),
  piece('{} Mercedes-Benz 300 SL Gullwing', 1_100_000, 1_400_000, years(1954, 1957)),
  piece('{} Mercedes-Benz 300 SL Roadster', 1_000_000, 1_300_000, years(1957, 1962)),
  piece('{} Mercedes-Benz 280 SL Pagoda', 90_000, 130_000, years(1968, 1971)),
  piece('{} Ford Mustang Shelby GT500', 180_000, 240_000, years(1967, 1970)),
  piece('{} Ford Mustang Shelby GT350', 150_000, 220_000, years(1965, 1968)),
  piece('{} Ford Thunderbird Convertible', 40_000, 60_000, years(1955, 1957)),
  piece('{} Aston Martin DB5', 700_000, 900_000, years(1963, 1965)),
  piece('{} Chevrolet Corvette Sting Ray Convertible', 80_000, 120_000, years(1963, 1967)),
  piece('{} Chevrolet Corvette Sting Ray Split-Window Coupé', 120_000, 160_000, dated(1963)),
  piece('{} Chevrolet Camaro Z/28', 70_000, 100_000, years(1967, 1969)),
  piece('{} Chevrolet Bel Air Convertible', 60_000, 90_000, years(1955, 1957)),
  piece("{} Plymouth Hemi 'Cuda", 150_000, 250_000, years(1970, 1971)),
  piece('{} Dodge Charger R/T', 80_000, 120_000, years(1968, 1970)),
  piece('{} Pontiac GTO Judge', 60_000, 90_000, years(1969, 1971)),
  piece('{} Cadillac Eldorado Biarritz', 100_000, 150_000, years(1957, 1960)),
  piece('{} Porsche 356 Speedster', 250_000, 350_000, years(1954, 1958)),
  piece('{} Porsche 911S 2.2 Targa', 120_000, 160_000, years(1970, 1971)),
  piece('{} Ferrari 275 GTB', 2_200_000, 2_800_000, years(1965, 1966)),
  piece('{} Ferrari 365 GTB/4 Daytona', 600_000, 800_000, years(1969, 1973)),
  piece('{} Lamborghini Miura P400 S', 1_200_000, 1_600_000, years(1968, 1971)),
  piece('{} Shelby Cobra 289', 900_000, 1_200_000, years(1963, 1965)),
  piece('{} Austin-Healey 3000 Mk III BJ8', 60_000, 90_000, years(1964, 1967)),
  piece('{} Toyota 2000GT', 800_000, 1_100_000, years(1967, 1970)),
  piece('{} Datsun 240Z', 30_000, 50_000, years(1970, 1973)),
  piece('{} BMW 507 Roadster', 2_000_000, 2_500_000, years(1957, 1959)),
];

export const monacoCars: Piece[] = [
  piece('{} Ford Mustang Shelby GT500', 160_000, 220_000, years(1967, 1970)),
  piece('{} Jaguar E-Type Series 1 3.8 Roadster', 140_000, 180_000, years(1961, 1964)),
  piece('{} Porsche 356 Speedster', 250_000, 350_000, years(1954, 1958)),
  piece('{} Porsche 911 Carrera RS 2.7', 500_000, 650_000, years(1972, 1973)),
  piece('{} Porsche 550 Spyder', 3_500_000, 4_500_000, years(1955, 1956)),
  piece('{} Mercedes-Benz 300 SL Gullwing', 1_000_000, 1_300_000, years(1954, 1957)),
  piece('{} Mercedes-Benz 190 SL', 100_000, 140_000, years(1955, 1960)),
  piece('{} Mercedes-Benz 280 SL Pagoda', 85_000, 120_000, years(1968, 1971)),
  piece('{} Ferrari 250 GT Lusso', 1_500_000, 1_900_000, years(1962, 1964)),
  piece('{} Ferrari Dino 246 GTS', 350_000, 450_000, years(1972, 1974)),
  piece('{} Ferrari 365 GTB/4 Daytona', 550_000, 750_000, years(1969, 1973)),
  piece('{} Ferrari 275 GTB', 2_000_000, 2_600_000, years(1965, 1966)),
  piece('{} Lamborghini Miura P400 SV', 2_000_000, 2_500_000, years(1971, 1973)),
  piece('{} Lamborghini Countach LP400 Periscopio', 900_000, 1_200_000, years(1974, 1977)),
  piece('{} Maserati Ghibli 4.7 Coupé', 120_000, 160_000, years(1967, 1970)),
  piece('{} Alfa Romeo Giulia Sprint GTA', 200_000, 280_000, years(1965, 1968)),
  piece('{} Alfa Romeo Giulietta Spider', 50_000, 80_000, years(1956, 1961)),
  piece('{} Lancia Stratos HF Stradale', 450_000, 600_000, years(1974, 1975)),
  piece('{} Lancia Fulvia Coupé Rallye 1.6 HF', 50_000, 70_000, years(1969, 1971)),
  piece('{} Aston Martin DB6 Vantage', 350_000, 450_000, years(1966, 1970)),
  piece('{} Bentley R-Type Continental', 1_000_000, 1_400_000, years(1952, 1955)),
  piece('{} Rolls-Royce Silver Cloud II Drophead Coupé', 400_000, 550_000, years(1960, 1962)),
  piece('{} Citroën DS 21 Décapotable Chapron', 150_000, 220_000, years(1966, 1971)),
  piece('{} Facel Vega HK500', 120_000, 170_000, years(1958, 1961)),
  piece('{} Alpine A110 1600 S', 80_000, 120_000, years(1970, 1974)),
  piece('{} BMW 3.0 CSL', 120_000, 180_000, years(1972, 1975)),
];
