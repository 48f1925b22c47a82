// Ecuador's 24 provinces and their 221 cantons (issue 40 §1), as the INEC's political division
// names them: the one list the shipping zones, the checkout's selects and the demo read. A
// province's code is ISO 3166-2:EC's letter(s) after "EC-"; a canton is known by its name within
// its province (Bolívar, Olmedo, Pichincha and Sucumbíos are each a canton and a province name).

export type Province = { code: string; name: string; cantons: readonly string[] };

export const PROVINCES: readonly Province[] = [
  { code: 'A', name: 'Azuay', cantons: ['Cuenca', 'Camilo Ponce Enríquez', 'Chordeleg', 'El Pan', 'Girón', 'Guachapala', 'Gualaceo', 'Nabón', 'Oña', 'Paute', 'Pucará', 'San Fernando', 'Santa Isabel', 'Sevilla de Oro', 'Sigsig'] },
  { code: 'B', name: 'Bolívar', cantons: ['Guaranda', 'Caluma', 'Chillanes', 'Chimbo', 'Echeandía', 'Las Naves', 'San Miguel'] },
  { code: 'F', name: 'Cañar', cantons: ['Azogues', 'Biblián', 'Cañar', 'Déleg', 'El Tambo', 'La Troncal', 'Suscal'] },
  { code: 'C', name: 'Carchi', cantons: ['Tulcán', 'Bolívar', 'Espejo', 'Mira', 'Montúfar', 'San Pedro de Huaca'] },
  { code: 'H', name: 'Chimborazo', cantons: ['Riobamba', 'Alausí', 'Chambo', 'Chunchi', 'Colta', 'Cumandá', 'Guamote', 'Guano', 'Pallatanga', 'Penipe'] },
  { code: 'X', name: 'Cotopaxi', cantons: ['Latacunga', 'La Maná', 'Pangua', 'Pujilí', 'Salcedo', 'Saquisilí', 'Sigchos'] },
  { code: 'O', name: 'El Oro', cantons: ['Machala', 'Arenillas', 'Atahualpa', 'Balsas', 'Chilla', 'El Guabo', 'Huaquillas', 'Las Lajas', 'Marcabelí', 'Pasaje', 'Piñas', 'Portovelo', 'Santa Rosa', 'Zaruma'] },
  { code: 'E', name: 'Esmeraldas', cantons: ['Esmeraldas', 'Atacames', 'Eloy Alfaro', 'Muisne', 'Quinindé', 'Rioverde', 'San Lorenzo'] },
  { code: 'W', name: 'Galápagos', cantons: ['San Cristóbal', 'Isabela', 'Santa Cruz'] },
  {
    code: 'G',
    name: 'Guayas',
    cantons: ['Guayaquil', 'Alfredo Baquerizo Moreno', 'Balao', 'Balzar', 'Colimes', 'Coronel Marcelino Maridueña', 'Daule', 'Durán', 'El Empalme', 'El Triunfo', 'General Antonio Elizalde', 'Isidro Ayora', 'Lomas de Sargentillo', 'Milagro', 'Naranjal', 'Naranjito', 'Nobol', 'Palestina', 'Pedro Carbo', 'Playas', 'Salitre', 'Samborondón', 'San Jacinto de Yaguachi', 'Santa Lucía', 'Simón Bolívar'],
  },
  { code: 'I', name: 'Imbabura', cantons: ['Ibarra', 'Antonio Ante', 'Cotacachi', 'Otavalo', 'Pimampiro', 'San Miguel de Urcuquí'] },
  { code: 'L', name: 'Loja', cantons: ['Loja', 'Calvas', 'Catamayo', 'Celica', 'Chaguarpamba', 'Espíndola', 'Gonzanamá', 'Macará', 'Olmedo', 'Paltas', 'Pindal', 'Puyango', 'Quilanga', 'Saraguro', 'Sozoranga', 'Zapotillo'] },
  { code: 'R', name: 'Los Ríos', cantons: ['Babahoyo', 'Baba', 'Buena Fe', 'Mocache', 'Montalvo', 'Palenque', 'Puebloviejo', 'Quevedo', 'Quinsaloma', 'Urdaneta', 'Valencia', 'Ventanas', 'Vinces'] },
  {
    code: 'M',
    name: 'Manabí',
    cantons: ['Portoviejo', '24 de Mayo', 'Bolívar', 'Chone', 'El Carmen', 'Flavio Alfaro', 'Jama', 'Jaramijó', 'Jipijapa', 'Junín', 'Manta', 'Montecristi', 'Olmedo', 'Paján', 'Pedernales', 'Pichincha', 'Puerto López', 'Rocafuerte', 'San Vicente', 'Santa Ana', 'Sucre', 'Tosagua'],
  },
  { code: 'S', name: 'Morona Santiago', cantons: ['Morona', 'Gualaquiza', 'Huamboya', 'Limón Indanza', 'Logroño', 'Pablo Sexto', 'Palora', 'San Juan Bosco', 'Santiago', 'Sucúa', 'Taisha', 'Tiwintza'] },
  { code: 'N', name: 'Napo', cantons: ['Tena', 'Archidona', 'Carlos Julio Arosemena Tola', 'El Chaco', 'Quijos'] },
  { code: 'D', name: 'Orellana', cantons: ['Francisco de Orellana', 'Aguarico', 'La Joya de los Sachas', 'Loreto'] },
  { code: 'Y', name: 'Pastaza', cantons: ['Pastaza', 'Arajuno', 'Mera', 'Santa Clara'] },
  { code: 'P', name: 'Pichincha', cantons: ['Quito', 'Cayambe', 'Mejía', 'Pedro Moncayo', 'Pedro Vicente Maldonado', 'Puerto Quito', 'Rumiñahui', 'San Miguel de los Bancos'] },
  { code: 'SE', name: 'Santa Elena', cantons: ['Santa Elena', 'La Libertad', 'Salinas'] },
  { code: 'SD', name: 'Santo Domingo de los Tsáchilas', cantons: ['Santo Domingo', 'La Concordia'] },
  { code: 'U', name: 'Sucumbíos', cantons: ['Lago Agrio', 'Cascales', 'Cuyabeno', 'Gonzalo Pizarro', 'Putumayo', 'Shushufindi', 'Sucumbíos'] },
  { code: 'T', name: 'Tungurahua', cantons: ['Ambato', 'Baños de Agua Santa', 'Cevallos', 'Mocha', 'Patate', 'Quero', 'San Pedro de Pelileo', 'Santiago de Píllaro', 'Tisaleo'] },
  { code: 'Z', name: 'Zamora Chinchipe', cantons: ['Zamora', 'Centinela del Cóndor', 'Chinchipe', 'El Pangui', 'Nangaritza', 'Palanda', 'Paquisha', 'Yacuambi', 'Yantzaza'] },
];

export const PROVINCE_CODES = PROVINCES.map((province) => province.code);

/** Galápagos: the islands, which every carrier prices apart from the mainland. */
export const GALAPAGOS = 'W';

const byCode = new Map(PROVINCES.map((province) => [province.code, province]));
const byName = new Map(PROVINCES.map((province) => [province.name, province]));

export const provinceByCode = (code: string): Province | null => byCode.get(code) ?? null;

/** The province a shopper chose, by the name the checkout's select sends. */
export const provinceByName = (name: string): Province | null => byName.get(name) ?? null;

export const isCantonOf = (province: Province, canton: string): boolean => province.cantons.includes(canton);
